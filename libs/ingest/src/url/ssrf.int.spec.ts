import { DomainError } from '@inkprint/domain-kernel';
import { closeIngestWorkers, importUrl, type UrlImportOptions } from '../index';
import { startTestServer, tableLookup, TEST_HOST, type TestServer } from '../testing/https-server';

let server: TestServer;
let options: UrlImportOptions;
const lookupCalls: string[] = [];

beforeAll(async () => {
  server = await startTestServer({
    '/ok': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('Public text.'),
    '/secret': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).end('INTERNAL SECRET'),
    '/to-loopback-ip': (_req, res, s) => res.writeHead(302, { location: `https://127.0.0.1:${s.port}/secret` }).end(),
    '/to-private-name': (_req, res) => res.writeHead(301, { location: 'https://intranet.corp.example/secret' }).end(),
    '/to-metadata': (_req, res) => res.writeHead(307, { location: 'https://169.254.169.254/latest/meta-data/' }).end(),
    '/to-http': (_req, res, s) => res.writeHead(302, { location: `http://${TEST_HOST}:${s.port}/secret` }).end(),
    '/to-decimal': (_req, res, s) => res.writeHead(308, { location: `https://2130706433:${s.port}/secret` }).end(),
  });
  const v4 = (address: string) => [{ address, family: 4 as const }];
  const v6 = (address: string) => [{ address, family: 6 as const }];
  options = {
    allowLoopbackHosts: [TEST_HOST],
    extraCa: [server.ca],
    lookup: tableLookup(
      {
        [TEST_HOST]: v4('127.0.0.1'),
        'evil.example': v4('127.0.0.1'),
        'intranet.corp.example': v4('192.168.10.20'),
        'rebind.example': [...v4('93.184.216.34'), ...v4('10.0.0.5')],
        'mapped.example': v6('::ffff:169.254.169.254'),
        'v6-loop.example': v6('::1'),
        'nat64.example': v6('64:ff9b::a00:1'),
        'cgnat.example': v4('100.64.1.1'),
        'ula.example': v6('fd00::1'),
      },
      lookupCalls,
    ),
  };
});

afterAll(async () => {
  await server.close();
  await closeIngestWorkers();
});

const at = (path: string) => `${server.origin}${path}`;
const port = () => server.port;

// [what, url, code, details.reason]
const MATRIX: Array<[string, () => string, string, string]> = [
  ['plain http', () => `http://${TEST_HOST}:${port()}/ok`, 'URL_NOT_ALLOWED', 'scheme'],
  ['ftp', () => 'ftp://example.com/file.txt', 'URL_NOT_ALLOWED', 'scheme'],
  ['file', () => 'file:///etc/passwd', 'URL_NOT_ALLOWED', 'scheme'],
  ['javascript', () => 'javascript:alert(1)', 'URL_NOT_ALLOWED', 'scheme'],
  ['gopher', () => 'gopher://127.0.0.1:6379/_INFO', 'URL_NOT_ALLOWED', 'scheme'],
  ['credentials', () => `https://admin:pw@${TEST_HOST}:${port()}/ok`, 'URL_NOT_ALLOWED', 'credentials'],
  [
    'loopback literal (not an allowed name)',
    () => `https://127.0.0.1:${port()}/secret`,
    'URL_NOT_ALLOWED',
    'address:loopback',
  ],
  ['localhost', () => `https://localhost:${port()}/secret`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['localhost with trailing dot', () => `https://localhost.:${port()}/secret`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['sub.localhost', () => `https://api.localhost:${port()}/secret`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['decimal IPv4 2130706433', () => `https://2130706433:${port()}/secret`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['hex IPv4 0x7f.1', () => `https://0x7f.1:${port()}/secret`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['octal IPv4 0177.0.0.1', () => `https://0177.0.0.1:${port()}/secret`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['short IPv4 127.1', () => `https://127.1:${port()}/secret`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['IPv6 loopback', () => `https://[::1]:${port()}/secret`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['IPv4-mapped IPv6', () => `https://[::ffff:127.0.0.1]:${port()}/`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['IPv4-mapped IPv6, hex', () => 'https://[::ffff:a9fe:a9fe]/', 'URL_NOT_ALLOWED', 'address:metadata'],
  ['IPv4-compatible IPv6', () => 'https://[::10.0.0.1]/', 'URL_NOT_ALLOWED', 'address:private'],
  ['NAT64 of loopback', () => 'https://[64:ff9b::7f00:1]/', 'URL_NOT_ALLOWED', 'address:loopback'],
  ['6to4 of 192.168.1.1', () => 'https://[2002:c0a8:101::1]/', 'URL_NOT_ALLOWED', 'address:private'],
  ['cloud metadata', () => 'https://169.254.169.254/latest/meta-data/', 'URL_NOT_ALLOWED', 'address:metadata'],
  ['AWS IPv6 metadata', () => 'https://[fd00:ec2::254]/latest/meta-data/', 'URL_NOT_ALLOWED', 'address:metadata'],
  ['link-local', () => 'https://169.254.10.10/', 'URL_NOT_ALLOWED', 'address:link-local'],
  ['IPv6 link-local', () => 'https://[fe80::1]/', 'URL_NOT_ALLOWED', 'address:link-local'],
  ['10/8', () => 'https://10.1.2.3/', 'URL_NOT_ALLOWED', 'address:private'],
  ['172.16/12', () => 'https://172.20.0.1/', 'URL_NOT_ALLOWED', 'address:private'],
  ['192.168/16', () => 'https://192.168.0.1/', 'URL_NOT_ALLOWED', 'address:private'],
  ['CGNAT', () => 'https://100.64.0.1/', 'URL_NOT_ALLOWED', 'address:shared (CGNAT)'],
  ['unspecified 0.0.0.0', () => `https://0.0.0.0:${port()}/`, 'URL_NOT_ALLOWED', 'address:unspecified'],
  ['0 (numeric unspecified)', () => `https://0:${port()}/`, 'URL_NOT_ALLOWED', 'address:unspecified'],
  ['0.0.0.0/8', () => 'https://0.1.2.3/', 'URL_NOT_ALLOWED', 'address:reserved'],
  ['IPv6 unspecified', () => `https://[::]:${port()}/`, 'URL_NOT_ALLOWED', 'address:unspecified'],
  ['multicast', () => 'https://224.0.0.251/', 'URL_NOT_ALLOWED', 'address:multicast'],
  ['IPv6 multicast', () => 'https://[ff02::1]/', 'URL_NOT_ALLOWED', 'address:multicast'],
  ['broadcast', () => 'https://255.255.255.255/', 'URL_NOT_ALLOWED', 'address:broadcast'],
  ['reserved 240/4', () => 'https://240.0.0.1/', 'URL_NOT_ALLOWED', 'address:reserved'],
  ['documentation', () => 'https://192.0.2.1/', 'URL_NOT_ALLOWED', 'address:documentation'],
  ['ULA', () => 'https://[fc00::1]/', 'URL_NOT_ALLOWED', 'address:unique-local'],
  [
    'DNS name resolving to loopback',
    () => `https://evil.example:${port()}/secret`,
    'URL_NOT_ALLOWED',
    'address:loopback',
  ],
  ['DNS name resolving to private', () => 'https://intranet.corp.example/', 'URL_NOT_ALLOWED', 'address:private'],
  ['DNS rebinding: public + private', () => 'https://rebind.example/', 'URL_NOT_ALLOWED', 'address:private'],
  ['DNS to mapped metadata', () => 'https://mapped.example/', 'URL_NOT_ALLOWED', 'address:metadata'],
  ['DNS to ::1', () => `https://v6-loop.example:${port()}/`, 'URL_NOT_ALLOWED', 'address:loopback'],
  ['DNS to NAT64 of 10.0.0.1', () => 'https://nat64.example/', 'URL_NOT_ALLOWED', 'address:private'],
  ['DNS to CGNAT', () => 'https://cgnat.example/', 'URL_NOT_ALLOWED', 'address:shared (CGNAT)'],
  ['DNS to ULA', () => 'https://ula.example/', 'URL_NOT_ALLOWED', 'address:unique-local'],
  ['redirect to loopback literal', () => at('/to-loopback-ip'), 'URL_NOT_ALLOWED', 'address:loopback'],
  ['redirect to a name resolving private', () => at('/to-private-name'), 'URL_NOT_ALLOWED', 'address:private'],
  ['redirect to metadata', () => at('/to-metadata'), 'URL_NOT_ALLOWED', 'address:metadata'],
  ['redirect to http', () => at('/to-http'), 'URL_NOT_ALLOWED', 'scheme'],
  ['redirect to decimal loopback', () => at('/to-decimal'), 'URL_NOT_ALLOWED', 'address:loopback'],
  ['not a URL', () => 'not a url', 'URL_INVALID', ''],
  ['empty', () => '   ', 'URL_INVALID', ''],
  ['too long', () => `https://example.com/${'a'.repeat(3000)}`, 'URL_INVALID', ''],
  ['unresolvable name', () => 'https://nowhere.invalid/', 'FETCH_FAILED', 'dns'],
];

describe('SSRF guard', () => {
  it(`has a matrix of ${MATRIX.length} refused addresses and tricks`, () => {
    expect(MATRIX.length).toBeGreaterThanOrEqual(25);
  });

  it.each(MATRIX)('refuses %s', async (_what, url, code, reason) => {
    const error = await importUrl(url(), options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    const domain = error as DomainError;
    expect(domain.code).toBe(code);
    if (reason) expect(domain.details.reason).toBe(reason);
    expect(domain.message).not.toMatch(/\d+\.\d+\.\d+\.\d+|::/);
    expect(server.hits).not.toContain('/secret');
  });

  it('still fetches the allowed host afterwards', async () => {
    expect((await importUrl(at('/ok'), options)).text).toBe('Public text.');
    expect(server.hits).not.toContain('/secret');
  });

  it('refuses loopback for an allowed host name only when the option is not given', async () => {
    const { allowLoopbackHosts: _unused, ...production } = options;
    await expect(importUrl(at('/ok'), production)).rejects.toMatchObject({
      code: 'URL_NOT_ALLOWED',
      message: 'This URL points to a loopback network address, which cannot be imported.',
    });
  });
});
