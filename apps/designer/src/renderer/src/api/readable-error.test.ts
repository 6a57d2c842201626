import { describe, expect, it } from 'vitest';
import { readableError } from './readable-error.js';

describe('readableError for authentication answers', () => {
  it('says a 403 for a missing role in the user terms (signing in again would not help)', () => {
    const body = {
      title: 'Insufficient role',
      status: 403,
      detail: 'the token carries none of the roles this route requires',
      code: 'AUTH_INSUFFICIENT_ROLE',
    };
    expect(readableError(403, body)).toEqual({
      message:
        'Not allowed: your account does not have the role this needs. Ask an administrator of the mapx service.',
      code: 'AUTH_INSUFFICIENT_ROLE',
    });
  });

  it('keeps other 403s as "Not allowed"', () => {
    expect(readableError(403, { detail: 'origin not allowed', code: 'AUTH_ORIGIN_FORBIDDEN' }).message).toBe(
      'Not allowed: origin not allowed',
    );
  });

  it('asks for a sign-in on a 401', () => {
    expect(readableError(401, { detail: 'this route requires a bearer token' }).message).toBe(
      'Sign-in required: this route requires a bearer token',
    );
  });
});
