import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSigningKey, startTestIssuer, type TestIssuer } from '../../functions/testing/tokens';
import { repoRoot } from '../lib/paths';
import { createApiGateway, usesTables } from './api-gateway';

let issuer: TestIssuer;
let otherPool: TestIssuer;
let server: Server;
let url: string;

beforeAll(async () => {
  [issuer, otherPool] = await Promise.all([startTestIssuer(), startTestIssuer()]);
  // The handlers trust the pool the environment names, as each function does in AWS.
  Object.assign(process.env, {
    COGNITO_USER_POOL_ID: issuer.userPoolId,
    COGNITO_CLIENT_ID: issuer.clientId,
    COGNITO_ISSUER: issuer.issuer,
    COGNITO_JWKS_URI: issuer.jwksUri,
    POWERTOOLS_LOG_LEVEL: 'SILENT',
  });
  const gateway = createApiGateway({ functionsSrc: `${repoRoot}functions/src` });
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

describe('local API gateway: signed-in routes', () => {
  it('lets the handler verify a valid ID token and answer with its identity', async () => {
    const response = await me({ authorization: `Bearer ${issuer.idToken()}` });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ id: 'user-sub-1', email: 'ada@example.org', name: 'Ada Lovelace' });
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

  it.each(cases)('answers %s with 401 in the documented error shape', async (_, headers) => {
    const response = await me(headers());
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });

  it('leaves routes that are not required alone', async () => {
    const response = await fetch(`${url}/api/health`, { headers: { authorization: 'Bearer nonsense' } });
    expect(response.status).toBe(200);
  });
});

describe('local API gateway: a stand-in that is down', () => {
  it('answers 503 unavailable for functions that need a table while it is down, and lets the others run', async () => {
    let down = true;
    const gateway = createApiGateway({ functionsSrc: `${repoRoot}functions/src`, unavailable: (route) => down && usesTables(route.needs) });
    const downServer = createServer((req, res) => void gateway(req, res));
    await new Promise<void>((resolve) => downServer.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(downServer.address() as AddressInfo).port}`;
    try {
      const feedback = await fetch(`${base}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      expect(feedback.status).toBe(503);
      expect(await feedback.json()).toEqual({ error: { code: 'unavailable', message: expect.any(String) } });
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      down = false;
      // Back: the function runs (and refuses the empty body itself).
      expect((await fetch(`${base}/api/feedback`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(400);
    } finally {
      downServer.closeAllConnections();
      await new Promise((resolve) => downServer.close(resolve));
    }
  });
});
