import { gzipSync } from 'node:zlib';
import { closeIngestWorkers, importUrl, type UrlImportOptions } from '../index';
import { makeDocx, makePdf, PARAGRAPHS } from '../testing/fixtures';
import { startTestServer, tableLookup, TEST_HOST, type TestServer } from '../testing/https-server';

const ARTICLE = `<!doctype html><html><head><title>River town</title><script>var tracking = 1;</script>
<style>p { color: red }</style></head><body><nav><a href="/">Home</a> <a href="/about">About</a></nav>
<article><h1>River town</h1>${PARAGRAPHS.map((p) => `<p>${p} ${p}</p>`).join('\n')}
<p>By evening the lamps along the quay were lit, and the last boats came home with their nets folded.</p></article>
<footer>Copyright</footer></body></html>`;

let server: TestServer;
let options: UrlImportOptions;
const lookupCalls: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    '/article': (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE),
    '/gzip': (_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(ARTICLE)),
    '/essay.pdf': (_req, res) =>
      res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(makePdf([PARAGRAPHS]))),
    '/essay.docx': (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })
        .end(Buffer.from(makeDocx(PARAGRAPHS))),
    '/notes.txt': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Plain  notes.\n\nTwo.'),
    '/latin1': (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/plain; charset=windows-1252' })
        .end(Buffer.from('Caf\xe9 cr\xe8me', 'latin1')),
    '/fake.pdf': (_req, res) => res.writeHead(200, { 'content-type': 'application/pdf' }).end(ARTICLE),
    '/hop': (_req, res) => res.writeHead(302, { location: '/article' }).end(),
    '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
    '/missing': (_req, res) => res.writeHead(404).end('gone'),
    '/huge-declared': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(50 * 1024 * 1024) });
      res.write('a');
    },
    '/huge-streamed': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = Buffer.alloc(1024 * 1024, 'a');
      // 12 MiB in bounded writes; the client aborts past 10 MiB.
      let sent = 0;
      const pump = () => {
        while (sent < 12 && res.write(chunk)) sent++;
        if (sent < 12) res.once('drain', pump);
        else res.end();
      };
      res.on('error', () => undefined);
      pump();
    },
    '/gzip-bomb': (_req, res) =>
      res
        .writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' })
        .end(gzipSync(Buffer.alloc(64 * 1024 * 1024, 'a'))),
    '/slow': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first bytes, then nothing');
    },
  });
  options = {
    allowLoopbackHosts: [TEST_HOST],
    extraCa: [server.ca],
    lookup: tableLookup({ [TEST_HOST]: [{ address: '127.0.0.1', family: 4 }] }, lookupCalls),
  };
});

afterAll(async () => {
  await server.close();
  await closeIngestWorkers();
});

describe('importUrl from a local HTTPS server', () => {
  it('turns an HTML article into readable paragraphs, resolving the host once', async () => {
    lookupCalls.length = 0;
    const doc = await importUrl(`${server.origin}/article`, options);
    expect(lookupCalls).toEqual([TEST_HOST]);
    expect(doc.source).toEqual({
      name: 'article',
      kind: 'html',
      bytes: Buffer.byteLength(ARTICLE),
      url: `${server.origin}/article`,
      contentType: 'text/html; charset=utf-8',
    });
    expect(doc.text).toContain(`${PARAGRAPHS[0]} ${PARAGRAPHS[0]}\n\n${PARAGRAPHS[1]}`);
    expect(doc.text).toContain('the last boats came home');
    expect(doc.text).not.toMatch(/tracking|color: red|Copyright/);
  });

  it('decodes gzip', async () => {
    expect((await importUrl(`${server.origin}/gzip`, options)).text).toContain(PARAGRAPHS[1]);
  });

  it('reads a PDF and a DOCX by URL', async () => {
    const pdf = await importUrl(`${server.origin}/essay.pdf`, options);
    expect(pdf.source).toMatchObject({ kind: 'pdf', pages: 1, name: 'essay.pdf' });
    expect(pdf.text).toBe(PARAGRAPHS.join('\n\n'));
    const docx = await importUrl(`${server.origin}/essay.docx`, options);
    expect(docx.source.kind).toBe('docx');
    expect(docx.text).toBe(PARAGRAPHS.join('\n\n'));
  });

  it('reads plain text, also in a legacy charset', async () => {
    expect((await importUrl(`${server.origin}/notes.txt`, options)).text).toBe('Plain notes.\n\nTwo.');
    expect((await importUrl(`${server.origin}/latin1`, options)).text).toBe('Café crème');
  });

  it('follows a redirect, re-checking the next hop', async () => {
    lookupCalls.length = 0;
    const doc = await importUrl(`${server.origin}/hop`, options);
    expect(doc.source.url).toBe(`${server.origin}/article`);
    expect(lookupCalls).toEqual([TEST_HOST, TEST_HOST]);
  });

  it.each([
    ['/loop', 'FETCH_FAILED', 502, 'Unable to fetch URL content.'],
    ['/missing', 'FETCH_FAILED', 502, 'Unable to fetch URL content.'],
    ['/huge-declared', 'REMOTE_SIZE_EXCEEDED', 413, 'Fetched document exceeds processing size.'],
    ['/huge-streamed', 'REMOTE_SIZE_EXCEEDED', 413, 'Fetched document exceeds processing size.'],
    ['/gzip-bomb', 'REMOTE_SIZE_EXCEEDED', 413, 'Fetched document exceeds processing size.'],
    ['/fake.pdf', 'UNSUPPORTED_FILE_TYPE', 415, 'Upload a .txt, .pdf, .docx, .jpg, .jpeg or .png file.'],
  ])('refuses %s with %s', async (path, code, status, message) => {
    await expect(importUrl(`${server.origin}${path}`, options)).rejects.toMatchObject({ code, status, message });
  });

  it('caps the total time with FETCH_TIMEOUT', async () => {
    const started = Date.now();
    await expect(importUrl(`${server.origin}/slow`, { ...options, timeoutMs: 500 })).rejects.toMatchObject({
      code: 'FETCH_TIMEOUT',
      status: 504,
      message: 'Remote content retrieval timed out.',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refuses a certificate it does not trust', async () => {
    await expect(importUrl(`${server.origin}/article`, { ...options, extraCa: [] })).rejects.toMatchObject({
      code: 'FETCH_FAILED',
      details: { reason: 'tls' },
    });
  });
});
