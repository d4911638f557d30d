import { documentTitle, SITE_TITLE } from './document-title';

describe('documentTitle', () => {
  it("names a page first, then the product, and the landing page by the product's own title", () => {
    expect(documentTitle('Privacy Policy')).toBe('Privacy Policy · Inkprint');
    expect(documentTitle()).toBe(SITE_TITLE);
    expect(documentTitle('   ')).toBe(SITE_TITLE);
  });
});
