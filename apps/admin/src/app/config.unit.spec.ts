import { adminApiUrl, apiOrigin } from './config';

describe('adminApiUrl', () => {
  it('uses the page origin by default', () => {
    expect(adminApiUrl('http://localhost:3000')).toBe('http://localhost:3000/admin');
  });

  it('prefers a configured API origin', () => {
    expect(adminApiUrl('https://admin.example.com', 'https://api.example.com/')).toBe('https://api.example.com/admin');
  });

  it('ignores a blank configured origin', () => {
    expect(adminApiUrl('http://localhost:3000', ' ')).toBe('http://localhost:3000/admin');
  });
});

describe('apiOrigin', () => {
  it('is the page origin unless one is configured', () => {
    expect(apiOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(apiOrigin('http://localhost:3000', 'https://api.example.com/')).toBe('https://api.example.com');
  });
});
