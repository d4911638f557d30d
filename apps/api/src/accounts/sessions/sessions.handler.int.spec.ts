import { REFRESH_TOKEN_TTL_MS } from '@inkprint/accounts-domain';
import { givenVerifiedAccount } from '../../testing/verified-account';
import { EndSession, EndSessionHandler } from './end-session.handler';
import { RefreshSession, RefreshSessionHandler } from './refresh-session.handler';

describe('sessions (POST /auth/refresh, /auth/logout)', () => {
  it('given a session, when its refresh token is presented, then it rotates and the old one no longer works (reuse revokes the family)', async () => {
    const { t, signedIn } = await givenVerifiedAccount();
    const refresh = new RefreshSessionHandler(t.accounts, t.sessions, t.ids, t.config);
    const next = await refresh.execute(new RefreshSession(signedIn.tokens.refreshToken));
    expect(next.refreshToken).not.toBe(signedIn.tokens.refreshToken);
    expect(await t.thenTypes()).toEqual(['RefreshTokenRotated']);
    t.mark();
    await expect(refresh.execute(new RefreshSession(signedIn.tokens.refreshToken))).rejects.toMatchObject({
      code: 'REFRESH_TOKEN_REUSED',
      status: 401,
    });
    expect(await t.thenTypes()).toEqual(['RefreshTokenReuseDetected', 'SessionEnded']);
    await expect(refresh.execute(new RefreshSession(next.refreshToken))).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('given a session 30 days old, when it is refreshed, then SESSION_EXPIRED', async () => {
    const { t, signedIn } = await givenVerifiedAccount();
    t.clock.advance(REFRESH_TOKEN_TTL_MS + 1);
    await expect(
      new RefreshSessionHandler(t.accounts, t.sessions, t.ids, t.config).execute(
        new RefreshSession(signedIn.tokens.refreshToken),
      ),
    ).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('given a session, when the owner signs out, then the session ends and its refresh token is refused', async () => {
    const { t, signedIn, account } = await givenVerifiedAccount();
    await new EndSessionHandler(t.accounts).execute(new EndSession(account));
    expect(await t.thenTypes()).toEqual(['SessionEnded']);
    await expect(
      new RefreshSessionHandler(t.accounts, t.sessions, t.ids, t.config).execute(
        new RefreshSession(signedIn.tokens.refreshToken),
      ),
    ).rejects.toMatchObject({
      code: 'SESSION_EXPIRED',
    });
  });

  it('given a malformed refresh token, then SESSION_EXPIRED and nothing is read or written', async () => {
    const { t } = await givenVerifiedAccount();
    await expect(
      new RefreshSessionHandler(t.accounts, t.sessions, t.ids, t.config).execute(new RefreshSession('not-a-token')),
    ).rejects.toMatchObject({ code: 'SESSION_EXPIRED' });
    expect(await t.thenTypes()).toEqual([]);
  });
});
