import { describe, expect, it } from 'vitest';
import { asStreamError, errorBody, StreamApiError } from './errors';

describe('asStreamError', () => {
  it('keeps the code and status a verifier’s error carries (an expired token is 401, code 40)', () => {
    const expired = Object.assign(new Error('JWTAuth error: token has expired'), { status: 401, code: 40 });
    expect(errorBody(asStreamError(expired))).toMatchObject({ code: 40, StatusCode: 401, message: 'JWTAuth error: token has expired' });
  });

  it('answers anything else as the stand-in’s own failure, never as a refusal of the caller', () => {
    expect(errorBody(asStreamError(new TypeError('x is undefined')))).toMatchObject({ code: -1, StatusCode: 500 });
  });

  it('passes its own errors through', () => {
    const own = new StreamApiError('notAllowed', 'not allowed');
    expect(asStreamError(own)).toBe(own);
  });
});

describe('errorBody', () => {
  it('answers Stream’s envelope, the endpoint named before the reason', () => {
    expect(errorBody(new StreamApiError('doesNotExist', 'Channel "messaging:x" does not exist'), 'GetOrCreateChannel')).toEqual({
      code: 16,
      message: 'GetOrCreateChannel failed with error: "Channel "messaging:x" does not exist"',
      StatusCode: 404,
      duration: '0.00ms',
      more_info: 'https://getstream.io/chat/docs/api_errors_response',
      details: [],
    });
  });
});
