import { adminApiUrl } from './config';

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
