import { guestIdOf } from './caller';

describe('guestIdOf', () => {
  const request = (body: unknown, query: Record<string, unknown> = {}, headers: Record<string, unknown> = {}) =>
    ({ body, query, headers }) as Parameters<typeof guestIdOf>[0];

  it('takes the body first, then the query parameter, then the X-Guest-Id header', () => {
    expect(guestIdOf(request({ guestId: 'body' }, { guestId: 'query' }, { 'x-guest-id': 'header' }))).toBe('body');
    expect(guestIdOf(request({ text: 'x' }, { guestId: 'query' }, { 'x-guest-id': 'header' }))).toBe('query');
    expect(guestIdOf(request(undefined, {}, { 'x-guest-id': 'header' }))).toBe('header');
  });

  it('skips blank and non-string values (a repeated query parameter is an array) and trims', () => {
    expect(guestIdOf(request({ guestId: '  ' }, { guestId: ['a', 'b'] }, { 'x-guest-id': ' g-1 ' }))).toBe('g-1');
    expect(guestIdOf(request({ guestId: 42 }))).toBeUndefined();
    expect(guestIdOf(request('raw text body'))).toBeUndefined();
  });
});
