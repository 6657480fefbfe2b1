import { generateKeyPairSync, randomUUID, sign, type KeyObject } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in token issuer for unit tests: its own RSA key, a JWKS served on loopback, RS256 tokens. */
export interface TestIssuer {
  issuer: string;
  jwksUri: string;
  clientId: string;
  userPoolId: string;
  idToken: (claims?: Record<string, unknown>, options?: { key?: KeyObject; kid?: string; alg?: string }) => string;
  close: () => Promise<void>;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export const newSigningKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

export const signJwt = (header: Record<string, unknown>, payload: Record<string, unknown>, key: KeyObject) => {
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${unsigned}.${sign('sha256', Buffer.from(unsigned), key).toString('base64url')}`;
};

export const startTestIssuer = async (): Promise<TestIssuer> => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const kid = randomUUID();
  const jwks = { keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' }] };
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(jwks));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const userPoolId = 'local_TestPool';
  const issuer = `http://localhost:${port}/${userPoolId}`;
  const clientId = 'test-client-id';
  return {
    issuer,
    jwksUri: `http://127.0.0.1:${port}/${userPoolId}/.well-known/jwks.json`,
    clientId,
    userPoolId,
    idToken: (claims = {}, options = {}) => {
      const now = Math.floor(Date.now() / 1000);
      return signJwt(
        { alg: options.alg ?? 'RS256', kid: options.kid ?? kid, typ: 'JWT' },
        {
          sub: 'user-sub-1',
          email: 'ada@example.org',
          name: 'Ada Lovelace',
          aud: clientId,
          iss: issuer,
          token_use: 'id',
          iat: now,
          exp: now + 3600,
          ...claims,
        },
        options.key ?? privateKey,
      );
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
};

/**
 * For handler tests of signed-in routes: one test issuer for the file, trusted through the environment
 * as the function trusts its pool, and `bearer(claims)` making the Authorization header of an ID token.
 */
export const useTestIdentity = (hooks: { beforeAll: (run: () => Promise<void>) => void; afterAll: (run: () => Promise<void>) => void }) => {
  let issuer: TestIssuer | undefined;
  hooks.beforeAll(async () => {
    issuer = await startTestIssuer();
    Object.assign(process.env, {
      COGNITO_USER_POOL_ID: issuer.userPoolId,
      COGNITO_CLIENT_ID: issuer.clientId,
      COGNITO_ISSUER: issuer.issuer,
      COGNITO_JWKS_URI: issuer.jwksUri,
    });
  });
  hooks.afterAll(async () => issuer?.close());
  return {
    bearer: (claims: Record<string, unknown>) => ({ authorization: `Bearer ${issuer!.idToken({ name: undefined, email: undefined, ...claims })}` }),
  };
};
