import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AuthMode } from '@mentoring/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdTokenVerifier } from '../auth/id-token-verifier';
import { apiEvent, lambdaContext } from '#testing/events';
import { newSigningKey, startTestIssuer, type TestIssuer } from '#testing/tokens';
import { authenticate, type AuthenticatedEvent } from './authenticate';
import { errorHandler } from './middlewares';
import { ok } from './responses';

let issuer: TestIssuer;
let otherPool: TestIssuer;

beforeAll(async () => {
  [issuer, otherPool] = await Promise.all([startTestIssuer(), startTestIssuer()]);
});
afterAll(async () => {
  await Promise.all([issuer.close(), otherPool.close()]);
});

const handlerFor = (mode: AuthMode) => {
  const verifier = createIdTokenVerifier({
    COGNITO_USER_POOL_ID: issuer.userPoolId,
    COGNITO_CLIENT_ID: issuer.clientId,
    COGNITO_ISSUER: issuer.issuer,
    COGNITO_JWKS_URI: issuer.jwksUri,
  });
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>()
    .use(errorHandler())
    .use(authenticate(mode, () => verifier))
    .handler(async (event) => ok({ identity: (event as AuthenticatedEvent).identity }));
};

const call = async (mode: AuthMode, { headers = {}, claims }: { headers?: Record<string, string>; claims?: Record<string, string> } = {}) => {
  const response = (await handlerFor(mode)(apiEvent({ method: 'GET', path: '/api/x', headers, claims }), lambdaContext())) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, body: JSON.parse(response.body!) as { identity?: unknown; error?: { code: string; message: string } } };
};

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const ada = { sub: 'user-sub-1', email: 'ada@example.org', name: 'Ada Lovelace', groups: [] as string[] };

describe('authenticate: optional routes verify the token themselves', () => {
  it('lets an anonymous caller through with no identity', async () => {
    expect(await call('optional')).toEqual({ status: 200, body: { identity: null } });
  });

  it('takes the identity from a valid ID token', async () => {
    expect(await call('optional', { headers: bearer(issuer.idToken()) })).toEqual({ status: 200, body: { identity: ada } });
  });

  it('reads the header whatever its case, and a token without a name claim (as cognito-local issues)', async () => {
    const token = issuer.idToken({ name: undefined });
    expect(await call('optional', { headers: { Authorization: `Bearer ${token}` } })).toEqual({
      status: 200,
      body: { identity: { ...ada, name: null } },
    });
  });

  const tamper = (token: string) => {
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    return [header, Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url'), signature].join('.');
  };

  const unsigned = (token: string) =>
    `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${token.split('.')[1]}.`;

  const badTokens: [string, () => Record<string, string>][] = [
    ['an expired token', () => bearer(issuer.idToken({ iat: 1_700_000_000, exp: 1_700_003_600 }))],
    ['a forged token (claims changed after signing)', () => bearer(tamper(issuer.idToken()))],
    ['a token signed with another key under the pool key id', () => bearer(issuer.idToken({}, { key: newSigningKey() }))],
    ['a token signed by another pool', () => bearer(otherPool.idToken({ aud: issuer.clientId }))],
    ['a token of this pool naming another issuer', () => bearer(issuer.idToken({ iss: otherPool.issuer }))],
    ['a token for another app client', () => bearer(issuer.idToken({ aud: 'another-client' }))],
    ['an access token instead of an ID token', () => bearer(issuer.idToken({ token_use: 'access' }))],
    ['an unsigned token (alg none)', () => bearer(unsigned(issuer.idToken()))],
    ['a token that is not a JWT', () => bearer('not.a-jwt.at-all')],
    ['a Basic header', () => ({ authorization: 'Basic YWRhOnNlY3JldA==' })],
    ['an empty bearer', () => ({ authorization: 'Bearer ' })],
  ];

  it.each(badTokens)('answers %s with 401 unauthenticated, never anonymously', async (_, headers) => {
    const { status, body } = await call('optional', { headers: headers() });
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });
});

describe('authenticate: required routes verify the ID token themselves, answering in the documented shape', () => {
  it('takes the identity from a valid ID token', async () => {
    expect(await call('required', { headers: bearer(issuer.idToken()) })).toEqual({ status: 200, body: { identity: ada } });
  });

  const refused: [string, () => Record<string, string>][] = [
    ['no token', () => ({})],
    ['an expired token', () => bearer(issuer.idToken({ iat: 1_700_000_000, exp: 1_700_003_600 }))],
    ['a token signed with another key', () => bearer(issuer.idToken({}, { key: newSigningKey() }))],
    ['a token of another pool', () => bearer(otherPool.idToken({ aud: issuer.clientId }))],
    ['a token for another client', () => bearer(issuer.idToken({ aud: 'another-client' }))],
    ['an access token', () => bearer(issuer.idToken({ token_use: 'access' }))],
    ['a malformed header', () => ({ authorization: 'Token abc' })],
  ];

  it.each(refused)('answers %s with 401 {"error":{"code":"unauthenticated"}}', async (_, headers) => {
    const { status, body } = await call('required', { headers: headers() });
    expect(status).toBe(401);
    expect(body).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });

  it('ignores claims in the request context that no token backs', async () => {
    expect((await call('required', { claims: { sub: ada.sub, token_use: 'id' } })).status).toBe(401);
  });
});

describe('authenticate: coordinator', () => {
  it('lets a member of the coordinators group through, with their groups', async () => {
    const token = issuer.idToken({ 'cognito:groups': ['coordinators'] });
    expect(await call('coordinator', { headers: bearer(token) })).toEqual({ status: 200, body: { identity: { ...ada, groups: ['coordinators'] } } });
  });

  it('answers 403 forbidden to a signed-in member outside the group', async () => {
    const { status, body } = await call('coordinator', { headers: bearer(issuer.idToken({ 'cognito:groups': ['mentors'] })) });
    expect(status).toBe(403);
    expect(body).toEqual({ error: { code: 'forbidden', message: expect.any(String) } });
  });

  it('answers 401 without a token', async () => {
    expect((await call('coordinator')).status).toBe(401);
  });
});

describe('authenticate: none', () => {
  it('ignores any token and any claims', async () => {
    expect(await call('none', { headers: bearer('garbage'), claims: { sub: 'x' } })).toEqual({ status: 200, body: { identity: null } });
  });
});

describe('createIdTokenVerifier', () => {
  it('refuses to start without a pool and client', () => {
    expect(() => createIdTokenVerifier({})).toThrow(/COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID/);
  });
});
