import { describe, expect, it } from 'vitest';
import { authFailure } from './auth-errors.js';
import { createTokenSession } from './token-session.js';
import type { TokenSet } from './token-set.js';

describe('createTokenSession', () => {
  const setup = (renewal: 'ok' | 'fail') => {
    let clock = 1_000_000;
    const calls: string[] = [];
    const persisted: (TokenSet | undefined)[] = [];
    const session = createTokenSession({
      now: () => clock,
      skewMs: 30_000,
      refresh: async (refreshToken) => {
        calls.push(refreshToken);
        if (renewal === 'fail') return authFailure('DESIGNER_AUTH_TOKEN_REJECTED');
        return {
          ok: true,
          value: {
            accessToken: `a${calls.length + 1}`,
            refreshToken: `r${calls.length + 1}`,
            expiresAt: clock + 300_000,
          },
        };
      },
      onTokens: (t) => persisted.push(t),
    });
    return { session, calls, persisted, advance: (ms: number) => (clock += ms), at: () => clock };
  };

  it('returns the token until 30 s before expiry, then renews once for concurrent callers', async () => {
    const { session, calls, advance, at } = setup('ok');
    session.set({ accessToken: 'a1', refreshToken: 'r1', expiresAt: at() + 300_000 });
    advance(269_000);
    expect(await session.getAccessToken()).toBe('a1');
    advance(2_000);
    expect(await Promise.all([session.getAccessToken(), session.getAccessToken()])).toEqual(['a2', 'a2']);
    expect(calls).toEqual(['r1']);
    expect(session.refreshToken()).toBe('r2');
  });

  it('signs out when renewal fails or no refresh token exists, and reports each change once', async () => {
    const { session, advance, at, persisted } = setup('fail');
    const changes: string[] = [];
    session.onChange((s) => changes.push(s));
    session.set({ accessToken: 'a1', refreshToken: 'r1', expiresAt: at() + 60_000 });
    advance(60_000);
    expect(await session.getAccessToken()).toBeUndefined();
    expect(session.status()).toBe('signed-out');
    session.set({ accessToken: 'b1', expiresAt: at() + 10_000 });
    expect(await session.getAccessToken()).toBeUndefined();
    expect(changes).toEqual(['signed-in', 'signed-out', 'signed-in', 'signed-out']);
    expect(persisted.at(-1)).toBeUndefined();
  });
});
