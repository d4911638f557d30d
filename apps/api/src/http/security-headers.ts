import type { RequestHandler, Response } from 'express';

/**
 * The content security policy of the web and admin apps (Vite builds: module scripts from 'self', no inline
 * script). Styles allow 'unsafe-inline' because MUI's emotion injects <style> elements at run time; images allow
 * data: and blob: (the PDF report and the upload previews).
 */
export const APP_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Headers on every answer (issue 25 item 8): no MIME sniffing, no framing (clickjacking), referrers cut to the
 * origin across sites, and HSTS in production (the API sits behind TLS there). The apps' HTML answers add APP_CSP
 * (appCsp below); the blog and the dev mailbox set their own stricter policies.
 */
export function securityHeaders(options: { production: boolean }): RequestHandler {
  return (_req, res, next) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
    if (options.production) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    next();
  };
}

/** The apps' policy on an HTML answer (the SPA index pages). */
export function appCsp(res: Response): void {
  res.setHeader('Content-Security-Policy', APP_CSP);
}
