import { accountsHarness } from '../../testing/accounts-harness';
import { sha256 } from '../shared/secrets';
import { StartGuestSession, StartGuestSessionHandler } from './start-guest-session.handler';

describe('guest-sessions (POST /auth/guest/session)', () => {
  it('given nothing, when a visitor starts a guest session, then only the token hash is recorded and the token resolves', async () => {
    const t = accountsHarness();
    t.ids.secrets.push('guest-secret');
    const answer = await new StartGuestSessionHandler(t.store, t.clock, t.ids, t.guests, t.usage).execute(
      new StartGuestSession('203.0.113.7'),
    );
    expect(answer.token).toBe('gst_guest-secret');
    expect(answer.summary.plan).toEqual({ slug: 'free-nosignup', name: 'No Signup' });
    expect(answer.summary.detector).toEqual({ dailyLimit: 3, dailyUsed: 0, dailyRemaining: 3 });
    const [started] = await t.then();
    expect(started.data).toMatchObject({ guestId: answer.guestId, tokenHash: sha256(answer.token) });
    expect(JSON.stringify(started.data)).not.toContain('guest-secret');
    expect(JSON.stringify(started.data)).not.toContain('203.0.113.7');
    await expect(t.guests.resolve(answer.guestId, answer.token, '203.0.113.7')).resolves.toMatchObject({
      kind: 'guest',
      guestId: answer.guestId,
    });
    await expect(t.guests.resolve(answer.guestId, 'gst_wrong', '203.0.113.7')).rejects.toMatchObject({
      code: 'GUEST_INVALID',
    });
    await expect(t.guests.resolve(undefined, answer.token, '203.0.113.7')).rejects.toMatchObject({
      code: 'GUEST_REQUIRED',
    });
  });
});
