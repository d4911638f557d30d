import * as fs from 'node:fs';
import * as https from 'node:https';
import * as os from 'node:os';
import * as path from 'node:path';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
// The ingest library's own test fixtures (not part of its public API): real PDFs, DOCX, zip and PNG bombs.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { makeDocx, makePdf, makePng, makeZip, PARAGRAPHS } from '../../../libs/ingest/src/testing/fixtures';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { makeCertificate } from '../../../libs/ingest/src/testing/https-server';
import { startTestApp, type TestApp } from './support/test-app';

const ARTICLE = `<!doctype html><html><head><title>Field notes</title></head><body><nav>Home | About</nav>
<article><h1>Field notes from the marsh</h1><p>${PARAGRAPHS.join('</p><p>')}</p></article><footer>© 2026</footer></body></html>`;

/** POST /ai/upload-text over HTTP: real files, a real HTTPS page on loopback (allowed by test-only configuration). */
describe('POST /ai/upload-text (embedded)', () => {
  let t: TestApp;
  let site: https.Server;
  let origin: string;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'inkprint-upload-'));
  let guest: { guestId: string; token: string };
  const http = () => request(t.server);
  let client = 0;
  // Uploads are throttled per client address (30 a minute): each call here comes from its own test address.
  const asGuest = (req: request.Test) =>
    req
      .set('X-Guest-Token', guest.token)
      .set('X-Forwarded-For', `198.51.${100 + Math.floor(++client / 250)}.${client % 250}`);
  const upload = (bytes: Uint8Array | Buffer, name: string, fields: Record<string, string> = {}) => {
    let req = asGuest(http().post('/ai/upload-text')).field('guestId', guest.guestId);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('file', Buffer.from(bytes), name);
  };
  const importUrl = (url: string) =>
    asGuest(http().post('/ai/upload-text')).send({ url, guestId: guest.guestId, action: 'detect' });
  const healthy = async () => expect((await http().get('/health')).status).toBe(200);

  beforeAll(async () => {
    const { key, cert } = makeCertificate('localhost');
    fs.writeFileSync(path.join(tmp, 'ca.pem'), cert);
    site = https.createServer({ key, cert }, (req, res) => {
      if (req.url === '/article') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      else if (req.url === '/paper.pdf')
        res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(makePdf([PARAGRAPHS.slice(0, 2)])));
      else if (req.url === '/to-private') res.writeHead(302, { location: 'https://10.0.0.7/secret' }).end();
      else if (req.url === '/to-metadata')
        res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' }).end();
      else if (req.url === '/to-http')
        res.writeHead(302, { location: `http://localhost:${(site.address() as AddressInfo).port}/article` }).end();
      else if (req.url === '/huge') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = Buffer.alloc(1024 * 1024, 'a');
        let sent = 0;
        const pump = () => {
          while (sent < 12 && res.write(chunk)) sent++;
          if (sent < 12) res.once('drain', pump);
          else res.end();
        };
        pump();
      } else res.writeHead(404).end();
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    origin = `https://localhost:${(site.address() as AddressInfo).port}`;
    t = await startTestApp(
      { kind: 'pglite' },
      { env: { URL_IMPORT_TEST_HOSTS: 'localhost', URL_IMPORT_TEST_CA_FILE: path.join(tmp, 'ca.pem') } },
    );
    guest = (await http().post('/auth/guest/session').set('X-Forwarded-For', '198.51.100.200').expect(201)).body;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((r) => site?.close(r));
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('reads .txt, .pdf and .docx by content and clips to the plan limit for the action', async () => {
    const txt = await upload(Buffer.from(PARAGRAPHS.join('\n\n')), 'notes.txt').expect(200);
    expect(txt.body).toMatchObject({ truncated: false, action: 'detect', source: { name: 'notes.txt', kind: 'txt' } });
    expect(txt.body.text).toContain(PARAGRAPHS[0].slice(0, 40));
    const pdf = await upload(makePdf([PARAGRAPHS.slice(0, 2), PARAGRAPHS.slice(2, 4)]), 'paper.pdf').expect(200);
    expect(pdf.body.source).toMatchObject({ kind: 'pdf', pages: 2 });
    const docx = await upload(makeDocx(PARAGRAPHS), 'essay.docx', { action: 'humanise' }).expect(200);
    expect(docx.body).toMatchObject({ action: 'humanise', limit: 2000, source: { kind: 'docx' } });
    expect(docx.body.text.length).toBeLessThanOrEqual(2000);
    expect(docx.body.truncated).toBe(docx.body.originalLength > 2000);
    // A PDF named .txt is read for what it is.
    expect((await upload(makePdf([PARAGRAPHS.slice(0, 1)]), 'disguised.txt').expect(200)).body.source.kind).toBe('pdf');
  });

  it('reads a scanned image through OCR, offline, with a warning', async () => {
    const png = fs.readFileSync(path.join(__dirname, '../../../libs/ingest/test-fixtures/ocr-sample.png'));
    const res = await upload(png, 'scan.png').expect(200);
    expect(res.body.source).toMatchObject({ kind: 'image' });
    expect(res.body.text).toMatch(/quick brown fox jumps over the lazy dog/i);
    expect(res.body.warnings).toContain('Scanned image: text recognised by OCR may contain errors.');
  }, 60_000);

  it('needs a file or a url', async () => {
    const res = await asGuest(http().post('/ai/upload-text')).send({ guestId: guest.guestId }).expect(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Provide file or url' });
  });

  it('refuses malicious and broken files with clear errors and keeps serving', async () => {
    const cases: Array<[string, Uint8Array | Buffer, string, number, string]> = [
      ['0-byte file', Buffer.alloc(0), 'empty.txt', 400, 'FILE_EMPTY'],
      [
        'renamed executable',
        Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 1)]),
        'essay.pdf',
        422,
        'FILE_UNREADABLE',
      ],
      [
        'ELF binary named .docx',
        Buffer.concat([Buffer.from('\x7fELF'), Buffer.alloc(2048, 7)]),
        'essay.docx',
        422,
        'FILE_UNREADABLE',
      ],
      ['truncated PDF', Buffer.from(makePdf([PARAGRAPHS])).subarray(0, 400), 'cut.pdf', 422, 'FILE_UNREADABLE'],
      [
        'zip bomb as .docx',
        makeZip([{ name: 'word/document.xml', data: Buffer.alloc(300 * 1024 * 1024, 0x41) }]),
        'bomb.docx',
        422,
        'FILE_UNREADABLE',
      ],
      ['decompression-bomb PNG', makePng(60_000, 60_000), 'bomb.png', 422, 'FILE_UNREADABLE'],
      [
        'binary junk as .txt',
        Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)),
        'junk.txt',
        415,
        'UNSUPPORTED_FILE_TYPE',
      ],
    ];
    for (const [what, bytes, name, status, code] of cases) {
      const res = await upload(bytes, name);
      expect([what, res.status, res.body.code, res.body.message]).toEqual([what, status, code, expect.any(String)]);
      expect(res.body.message).toEqual(expect.any(String));
      await healthy();
    }
    const big = await upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x20), 'big.txt').expect(413);
    expect(big.body).toMatchObject({ code: 'REMOTE_SIZE_EXCEEDED', message: 'Selected file exceeds allowed size.' });
    await healthy();
    expect((await upload(Buffer.from(PARAGRAPHS.join('\n\n')), 'after.txt').expect(200)).body.source.kind).toBe('txt');
  }, 120_000);

  it('imports an https page as readable text and a PDF by URL', async () => {
    const page = await importUrl(`${origin}/article`).expect(200);
    expect(page.body.source).toMatchObject({ kind: 'html', url: `${origin}/article` });
    expect(page.body.text).toContain(PARAGRAPHS[0].slice(0, 40));
    expect(page.body.text).not.toContain('Home | About');
    expect((await importUrl(`${origin}/paper.pdf`).expect(200)).body.source.kind).toBe('pdf');
  });

  it('refuses an SSRF matrix of addresses and tricks with clear errors and keeps serving', async () => {
    const refused = [
      `http://localhost:${new URL(origin).port}/article`,
      'https://127.0.0.1/',
      'https://127.1/',
      'https://2130706433/',
      'https://0x7f000001/',
      'https://0177.0.0.1/',
      'https://0.0.0.0/',
      'https://10.0.0.1/',
      'https://172.16.5.4/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/',
      'https://224.0.0.1/',
      'https://255.255.255.255/',
      'https://[::1]/',
      'https://[::]/',
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:a9fe:a9fe]/',
      'https://[::127.0.0.1]/',
      'https://[64:ff9b::7f00:1]/',
      'https://[2002:7f00:1::]/',
      'https://[fe80::1]/',
      'https://[fc00::1]/',
      'https://[fd00:ec2::254]/',
      'https://user:pass@example.com/',
      'file:///etc/passwd',
      'ftp://example.com/file.txt',
      'javascript:alert(1)',
      `${origin}/to-private`,
      `${origin}/to-metadata`,
      `${origin}/to-http`,
    ];
    for (const url of refused) {
      const res = await importUrl(url);
      expect([url, res.status]).toEqual([url, 400]);
      expect([url, res.body.code]).toEqual([url, expect.stringMatching(/^URL_(NOT_ALLOWED|INVALID)$/)]);
      await healthy();
    }
    const huge = await importUrl(`${origin}/huge`).expect(413);
    expect(huge.body).toMatchObject({
      code: 'REMOTE_SIZE_EXCEEDED',
      message: 'Fetched document exceeds processing size.',
    });
    await healthy();
  }, 120_000);
});
