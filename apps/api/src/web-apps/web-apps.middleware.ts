import { Logger } from '@nestjs/common';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appCsp } from '../http/security-headers';
import { servesSpaIndex, webPageStatus, webTargetOf } from './web-routing';

export type WebAppDirs = Readonly<{ publicWebDir: string; adminWebDir: string }>;

/**
 * Serves the built web app at `/` and the admin app at `/admin`, with SPA fallbacks, ahead of the Nest router;
 * requests it does not answer fall through to the controllers (see web-routing.ts for the rule).
 */
export function webAppsMiddleware(dirs: WebAppDirs, logger = new Logger('WebApps')): RequestHandler {
  const web = spa(dirs.publicWebDir, 'web', logger);
  const admin = spa(dirs.adminWebDir, 'admin', logger);
  const adminBase = '/admin';

  return (req: Request, res: Response, next: NextFunction) => {
    const target = webTargetOf(req.path);
    if (target === 'api') return next();
    if (target === 'admin') {
      return admin.handle(req, res, next, req.path.slice(adminBase.length) || '/');
    }
    return web.handle(req, res, next, req.path);
  };
}

type Spa = { handle(req: Request, res: Response, next: NextFunction, subPath: string): void };

function spa(root: string, target: 'web' | 'admin', logger: Logger): Spa {
  const indexFile = path.join(root, 'index.html');
  if (!fs.existsSync(indexFile)) {
    logger.warn(
      `${target} app not built: ${indexFile} is missing (run \`npm run build\`); its routes answer 404 until then`,
    );
  }
  const assets = express.static(root, {
    index: false,
    fallthrough: true,
    redirect: false,
    setHeaders: (res, file) => {
      // Vite fingerprints everything under assets/, so those can be cached for good; the rest is revalidated.
      const immutable = path.relative(root, file).split(path.sep)[0] === 'assets';
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (file.endsWith('.html')) appCsp(res);
    },
  });

  return {
    handle(req, res, next, subPath) {
      const fallback = () => {
        if (!servesSpaIndex(target, req.method, subPath, (c) => req.accepts(c)) || !fs.existsSync(indexFile))
          return next();
        res.setHeader('Cache-Control', 'no-cache');
        appCsp(res);
        // The web app's own 404 and 500 pages answer with their status (the admin app keeps 200: its routes are its own).
        const status = target === 'web' ? webPageStatus(subPath) : 200;
        if (status !== 200) {
          fs.readFile(indexFile, (error, html) => {
            if (error) return next(error);
            res
              .status(status)
              .type('html')
              .send(req.method === 'HEAD' ? undefined : html);
          });
          return;
        }
        res.sendFile(indexFile, (error) => {
          if (error && !res.headersSent) next(error);
        });
      };
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      // express.static resolves against req.url; strip the mount prefix for the admin app.
      const originalUrl = req.url;
      const query = originalUrl.includes('?') ? originalUrl.slice(originalUrl.indexOf('?')) : '';
      req.url = subPath + query;
      assets(req, res, (error?: unknown) => {
        req.url = originalUrl;
        if (error) return next(error);
        fallback();
      });
    },
  };
}
