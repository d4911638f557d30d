import { formatCountdown, meterView, limitReachedView } from './usage-meter';

describe('meterView', () => {
  it('reads used / limit with the share of the bar', () => {
    expect(meterView({ dailyLimit: 3, requestsToday: 1 })).toEqual({
      label: '1 / 3',
      percent: 33,
      warning: false,
      exhausted: false,
    });
  });

  it('warns only above 90%', () => {
    expect(meterView({ dailyLimit: 10, requestsToday: 9 }).warning).toBe(false);
    expect(meterView({ dailyLimit: 20, requestsToday: 19 }).warning).toBe(true);
    expect(meterView({ dailyLimit: 3, requestsToday: 3 })).toMatchObject({
      warning: true,
      exhausted: true,
      percent: 100,
    });
  });

  it("reads 'Unlimited' when the plan has no daily limit", () => {
    expect(meterView({ dailyLimit: null, requestsToday: 42 })).toEqual({
      label: 'Unlimited',
      percent: null,
      warning: false,
      exhausted: false,
    });
  });
});

describe('formatCountdown', () => {
  const now = Date.parse('2026-11-24T10:00:00.000Z');

  it('counts down to the reset as HH:MM:SS', () => {
    expect(formatCountdown('2026-11-25T00:00:00.000Z', now)).toBe('14:00:00');
    expect(formatCountdown('2026-11-24T10:01:05.900Z', now)).toBe('00:01:05');
    expect(formatCountdown('2026-11-24T10:00:01.000Z', now + 1)).toBe('00:00:00');
  });

  it('reads zero once the reset passed or when it is unknown', () => {
    expect(formatCountdown('2026-11-24T09:00:00.000Z', now)).toBe('00:00:00');
    expect(formatCountdown(null, now)).toBe('00:00:00');
    expect(formatCountdown('not a date', now)).toBe('00:00:00');
  });
});

// Issue 30 item 6: at the limit the button says when it resets and the note offers a way forward.
describe('limitReachedView', () => {
  const now = Date.parse('2026-11-26T10:00:00Z');
  const usage = (requestsToday: number, dailyLimit: number | null = 3) => ({
    dailyLimit,
    requestsToday,
    resetsAt: '2026-11-27T00:00:00Z',
  });
  it('is nothing below the limit or without one', () => {
    expect(limitReachedView(usage(2), 'detector', false, now)).toBeNull();
    expect(limitReachedView(usage(9, null), 'detector', true, now)).toBeNull();
    expect(limitReachedView(null, 'detector', true, now)).toBeNull();
  });
  it('offers a guest a free account and an account the plans, with the reset time on the button', () => {
    expect(limitReachedView(usage(3), 'detector', false, now)).toEqual({
      button: 'Daily limit reached · resets in 14:00:00',
      message: 'You have used all 3 detection requests for today. A free account gives you more every day.',
      action: { label: 'Sign up free', to: 'signup' },
    });
    expect(limitReachedView(usage(5, 5), 'humaniser', true, now)).toMatchObject({
      message: 'You have used all 5 humanisation requests for today. A higher plan gives you more every day.',
      action: { label: 'See plans', to: 'plans' },
    });
  });
});
