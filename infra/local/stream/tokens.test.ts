import { describe, expect, it } from 'vitest';
import { createUserToken } from '../../../functions/src/lib/stream/user-token';
import { createTokenVerifier, signStreamToken } from './tokens';

const secret = 'stand-in-secret';
const now = Date.parse('2026-11-24T12:00:00Z');
const seconds = now / 1000;
const verifier = createTokenVerifier({ apiKey: 'key-1', secret, now: () => now });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return { code: (error as { code: number }).code, status: (error as { status: number }).status, message: (error as Error).message };
  }
  throw new Error('accepted');
};

describe('the stand-in’s token checks', () => {
  it('accepts the user tokens the product mints (functions/src/lib/stream/user-token.ts)', () => {
    expect(verifier.verifyUserToken(createUserToken('member-1', secret, { now }))).toMatchObject({ userId: 'member-1' });
  });

  it('accepts a server token for server calls and refuses it where a user is needed', () => {
    const server = signStreamToken({ server: true }, secret);
    expect(() => verifier.verifyServerToken(server)).not.toThrow();
    expect(verifier.verifyAny(server)).toEqual({ server: true });
    expect(refusal(() => verifier.verifyUserToken(server))).toMatchObject({ code: 5, status: 401 });
    expect(refusal(() => verifier.verifyServerToken(createUserToken('member-1', secret, { now })))).toMatchObject({ code: 17, status: 403 });
  });

  it('refuses with Stream’s codes: 43 another secret, 40 expired, 41 not yet valid, 42 issued in the future, 5 malformed or missing', () => {
    expect(refusal(() => verifier.verifyUserToken(createUserToken('member-1', 'another-secret', { now })))).toMatchObject({ code: 43, status: 401, message: expect.stringContaining('signature is not valid') });
    expect(refusal(() => verifier.verifyUserToken(signStreamToken({ user_id: 'm', exp: seconds - 1 }, secret)))).toMatchObject({ code: 40, message: 'JWTAuth error: token is expired (exp)' });
    expect(refusal(() => verifier.verifyUserToken(signStreamToken({ user_id: 'm', nbf: seconds + 60 }, secret)))).toMatchObject({ code: 41 });
    expect(refusal(() => verifier.verifyUserToken(signStreamToken({ user_id: 'm', iat: seconds + 60 }, secret)))).toMatchObject({ code: 42 });
    expect(refusal(() => verifier.verifyUserToken('not-a-jwt'))).toMatchObject({ code: 5 });
    expect(refusal(() => verifier.verifyUserToken(undefined))).toMatchObject({ code: 5 });
    expect(refusal(() => verifier.verifyUserToken(signStreamToken({ exp: seconds + 60 }, secret)))).toMatchObject({ code: 5, message: expect.stringContaining('user_id') });
  });

  it('refuses another algorithm even with a valid-looking signature', () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ user_id: 'm' })).toString('base64url');
    expect(refusal(() => verifier.verifyUserToken(`${header}.${payload}.`))).toMatchObject({ code: 5 });
  });

  it('refuses another API key with code 2', () => {
    expect(refusal(() => verifier.verifyApiKey('key-2'))).toMatchObject({ code: 2, status: 401 });
    expect(() => verifier.verifyApiKey('key-1')).not.toThrow();
  });
});
