import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  looksLikeFile,
  servesSpaIndex,
  webPageStatus,
  webTargetOf,
  WEB_ROUTES,
  type AcceptPreference,
} from './web-routing';

/** A stand-in for Express's req.accepts() for the Accept headers that matter here. */
function accepting(accept: string | undefined): AcceptPreference {
  return (candidates) => {
    if (!accept || accept === '*/*') return candidates[0];
    if (accept.startsWith('text/html')) return 'html';
    if (accept.startsWith('application/json')) return candidates.includes('json') ? 'json' : false;
    return false;
  };
}

const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('webTargetOf', () => {
  it.each([
    ['/auth/login', 'api'],
    ['/ai/detect', 'api'],
    ['/api/docs', 'api'],
    ['/api/blogs/x', 'api'],
    ['/health', 'api'],
    ['/metrics', 'api'],
    ['/dev/mailbox', 'api'],
    ['/dev/mailbox.html', 'api'],
    ['/admin', 'admin'],
    ['/admin/', 'admin'],
    ['/admin/users', 'admin'],
    ['/admin/assets/index-abc.js', 'admin'],
    ['/', 'web'],
    ['/signup', 'web'],
    ['/report/abc', 'web'],
    ['/administrator', 'web'],
    ['/aid', 'web'],
    ['/healthy', 'web'],
    ['/developers', 'web'],
  ])('%s → %s', (path, target) => {
    expect(webTargetOf(path)).toBe(target);
  });
});

describe('servesSpaIndex', () => {
  describe('admin paths (shared with the admin API)', () => {
    it('serves the SPA to browser navigations', () => {
      expect(servesSpaIndex('admin', 'GET', '/users', accepting(browser))).toBe(true);
      expect(servesSpaIndex('admin', 'HEAD', '/', accepting('text/html'))).toBe(true);
    });

    it.each([['application/json'], ['*/*'], [undefined]])('leaves Accept %s to the API', (accept) => {
      expect(servesSpaIndex('admin', 'GET', '/users', accepting(accept))).toBe(false);
    });

    it.each([['*/*'], [undefined]])('serves the admin root (no API there) for Accept %s', (accept) => {
      expect(servesSpaIndex('admin', 'GET', '/', accepting(accept))).toBe(true);
    });

    it('leaves a JSON request for the admin root to a 404', () => {
      expect(servesSpaIndex('admin', 'GET', '/', accepting('application/json'))).toBe(false);
    });

    it('never answers writes', () => {
      expect(servesSpaIndex('admin', 'POST', '/invites', accepting(browser))).toBe(false);
    });
  });

  describe('web paths', () => {
    it.each([[browser], ['*/*'], [undefined]])('serves the SPA for Accept %s', (accept) => {
      expect(servesSpaIndex('web', 'GET', '/signup', accepting(accept))).toBe(true);
    });

    it('leaves JSON requests to a 404', () => {
      expect(servesSpaIndex('web', 'GET', '/signup', accepting('application/json'))).toBe(false);
    });

    it('does not answer requests for missing files with the app', () => {
      expect(servesSpaIndex('web', 'GET', '/assets/missing.js', accepting('*/*'))).toBe(false);
      expect(servesSpaIndex('web', 'GET', '/favicon.ico', accepting(undefined))).toBe(false);
    });

    it('serves the app to a navigation whose path has a dot', () => {
      expect(servesSpaIndex('web', 'GET', '/blogs/node-v1.2', accepting(browser))).toBe(true);
    });
  });
});

describe('looksLikeFile', () => {
  it.each([
    ['/assets/index-abc.js', true],
    ['/logo.svg', true],
    ['/report/abc', false],
    ['/blogs/my.post-title', false],
    ['/', false],
  ])('%s → %s', (path, expected) => {
    expect(looksLikeFile(path)).toBe(expected);
  });
});

// Issue 30 item 7: an unknown path is the app's 404 page answered with 404, `/500` with 500.
describe('webPageStatus', () => {
  it.each([
    ['/', 200],
    ['/privacy', 200],
    ['/privacy/', 200],
    ['/contact', 200],
    ['/blogs', 200],
    ['/blogs/some-post', 200],
    ['/report/abc123', 200],
    ['/reset-password', 200],
    ['/500', 500],
    ['/no-such-page', 404],
    ['/blogs/a/b', 404],
    ['/report', 404],
    ['/signupx', 404],
    ['/pricing', 404],
  ])('%s → %i', (pathname, status) => {
    expect(webPageStatus(pathname)).toBe(status);
  });

  it("lists exactly the web app's routes (apps/web/src/app/router.tsx)", () => {
    const router = fs.readFileSync(path.resolve(__dirname, '../../../web/src/app/router.tsx'), 'utf8');
    const routed = [...router.matchAll(/path: '([^']+)'/g)].map((m) => `/${m[1].replace(/^\//, '')}`);
    const pages = routed.filter((p) => p !== '/*' && p !== '/500');
    expect([...pages].sort()).toEqual(WEB_ROUTES.filter((r) => r !== '/').sort());
  });
});
