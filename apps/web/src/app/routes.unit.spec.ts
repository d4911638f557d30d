import { pageFor } from './routes';

describe('pageFor', () => {
  it.each([
    ['/', 'landing'],
    ['', 'landing'],
    ['/nope', 'not-found'],
    ['/report/abc', 'not-found'],
    ['/signup/', 'not-found'],
  ])('%s → %s', (path, page) => {
    expect(pageFor(path)).toBe(page);
  });
});
