import { describe, expect, it } from 'vitest';
import { tokenUserName } from './token-user.js';

function segment(value: unknown): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  const base64 = btoa(String.fromCharCode(...bytes));
  return base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
const jwt = (claims: unknown) => `${segment({ alg: 'RS256' })}.${segment(claims)}.c2lnbmF0dXJl`;

describe('tokenUserName', () => {
  it('prefers preferred_username over name, email and sub', () => {
    const token = jwt({ sub: 'f3a1', email: 'a@x.test', name: 'Alice A', preferred_username: 'alice' });
    expect(tokenUserName(token)).toBe('alice');
  });

  it('falls back to sub', () => {
    expect(tokenUserName(jwt({ sub: 'bob', preferred_username: '  ' }))).toBe('bob');
  });

  it('reads non-ASCII names (base64url of UTF-8)', () => {
    expect(tokenUserName(jwt({ name: 'Zoë Ünal' }))).toBe('Zoë Ünal');
  });

  it.each([
    ['no token', undefined],
    ['an opaque token', 'b3f1c9e2a7'],
    ['a payload that is not JSON', 'eyJh.bm90IGpzb24.c2ln'],
    ['claims without a name', jwt({ aud: 'mapx-api' })],
  ])('has no name for %s', (_name, token) => {
    expect(tokenUserName(token)).toBeUndefined();
  });
});
