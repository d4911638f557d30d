import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as https from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const TEST_HOST = 'ingest-fixture.test';

export interface TestServer {
  port: number;
  ca: string;
  /** https://ingest-fixture.test:<port> */
  origin: string;
  hits: string[];
  close(): Promise<void>;
}

/** A self-signed certificate for TEST_HOST, made with the openssl CLI in a temporary folder. */
export function makeCertificate(host = TEST_HOST): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-cert-'));
  try {
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'].concat([
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-subj',
        `/CN=${host}`,
        '-addext',
        `subjectAltName=DNS:${host}`,
      ]),
      { stdio: 'ignore', timeout: 20_000 },
    );
    return {
      key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export type Route = (req: IncomingMessage, res: ServerResponse, server: TestServer) => void;

/** An HTTPS server on 127.0.0.1 (loopback only) answering from a route table keyed by path. */
export async function startTestServer(routes: Record<string, Route>): Promise<TestServer> {
  const { key, cert } = makeCertificate();
  const hits: string[] = [];
  const sockets = new Set<{ destroy(): void }>();
  const state = {} as TestServer;
  const server = https.createServer({ key, cert }, (req, res) => {
    const url = req.url ?? '/';
    hits.push(url);
    const route = routes[url.split('?')[0]];
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    route(req, res, state);
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  Object.assign(state, {
    port,
    ca: cert,
    origin: `https://${TEST_HOST}:${port}`,
    hits,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return state;
}

/** A lookup answering from a table (names absent from it do not resolve). */
export function tableLookup(table: Record<string, Array<{ address: string; family: 4 | 6 }>>, calls: string[] = []) {
  return async (host: string) => {
    calls.push(host);
    const answer = table[host];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer;
  };
}
