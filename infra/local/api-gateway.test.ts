import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIdTokenVerifier } from '../../functions/src/lib/auth/id-token-verifier';
import { newSigningKey, startTestIssuer, type TestIssuer } from '../../functions/src/lib/testing/tokens';
import { repoRoot } from '../lib/paths';
import { authorizeRequest, createApiGateway } from './api-gateway';

let issuer: TestIssuer;
let otherPool: TestIssuer;
let server: Server;
let url: string;

beforeAll(async () => {
  [issuer, otherPool] = await Promise.all([startTestIssuer(), startTestIssuer()]);
  const verifier = createIdTokenVerifier({
    COGNITO_USER_POOL_ID: issuer.userPoolId,
    COGNITO_CLIENT_ID: issuer.clientId,
    COGNITO_ISSUER: issuer.issuer,
    COGNITO_JWKS_URI: issuer.jwksUri,
  });
  const gateway = createApiGateway({ functionsSrc: `${repoRoot}functions/src`, verifier: () => verifier });
  server = createServer((req, res) => void gateway(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await Promise.all([issuer.close(), otherPool.close()]);
});

const me = (headers: Record<string, string> = {}) => fetch(`${url}/api/me`, { headers });

describe('local API gateway: JWT authorizer on required routes', () => {
  it('passes a valid ID token on, its claims where API Gateway puts them', async () => {
    const response = await me({ authorization: `Bearer ${issuer.idToken()}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'user-sub-1', email: 'ada@example.org', name: 'Ada Lovelace' });
  });

  it('turns claims into strings as API Gateway does', async () => {
    const claims = await authorizeRequest(`Bearer ${issuer.idToken({ email_verified: true, 'cognito:groups': ['a', 'b'] })}`, createIdTokenVerifier({
      COGNITO_USER_POOL_ID: issuer.userPoolId,
      COGNITO_CLIENT_ID: issuer.clientId,
      COGNITO_ISSUER: issuer.issuer,
      COGNITO_JWKS_URI: issuer.jwksUri,
    }));
    expect(claims).toMatchObject({ sub: 'user-sub-1', email_verified: 'true', 'cognito:groups': '[a b]', exp: expect.stringMatching(/^\d+$/) });
  });

  const cases: [string, () => Record<string, string>][] = [
    ['no token', () => ({})],
    ['an expired token', () => ({ authorization: `Bearer ${issuer.idToken({ iat: 1_700_000_000, exp: 1_700_003_600 })}` })],
    ['a token signed with another key', () => ({ authorization: `Bearer ${issuer.idToken({}, { key: newSigningKey() })}` })],
    ['a token of another pool', () => ({ authorization: `Bearer ${otherPool.idToken({ aud: issuer.clientId })}` })],
    ['a token for another client', () => ({ authorization: `Bearer ${issuer.idToken({ aud: 'another-client' })}` })],
    ['an access token', () => ({ authorization: `Bearer ${issuer.idToken({ token_use: 'access' })}` })],
    ['a malformed header', () => ({ authorization: 'Token abc' })],
  ];

  it.each(cases)('answers %s with 401 as API Gateway does, before any handler runs', async (_, headers) => {
    const response = await me(headers());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('leaves routes that are not required alone', async () => {
    const response = await fetch(`${url}/api/health`, { headers: { authorization: 'Bearer nonsense' } });
    expect(response.status).toBe(200);
  });
});
