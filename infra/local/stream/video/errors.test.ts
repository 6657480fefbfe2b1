import { describe, expect, it } from 'vitest';
import { asStreamError, StreamApiError } from './errors';

describe('asStreamError', () => {
  it('keeps the code and status a verifier’s error carries (an expired token is 401, code 40)', () => {
    const expired = Object.assign(new Error('JWTAuth error: token has expired'), { status: 401, code: 40 });
    expect(asStreamError(expired).body()).toMatchObject({ code: 40, StatusCode: 401, message: 'JWTAuth error: token has expired' });
  });

  it('answers anything else as the stand-in’s own failure, never as a refusal of the caller', () => {
    expect(asStreamError(new TypeError('x is undefined')).body()).toMatchObject({ code: -1, StatusCode: 500 });
  });

  it('passes its own errors through', () => {
    const own = new StreamApiError(403, 17, 'not allowed');
    expect(asStreamError(own)).toBe(own);
  });
});
