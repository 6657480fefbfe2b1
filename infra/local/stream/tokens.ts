import { createHmac, timingSafeEqual } from 'node:crypto';
import { StreamApiError } from './errors';

export interface VerifiedUserToken {
  userId: string;
  claims: Record<string, unknown>;
}

const decodeJson = (part: string): Record<string, unknown> => {
  const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not an object');
  return value as Record<string, unknown>;
};

/**
 * Stream's JWT checks, with the stage's secret: HS256 only, the signature first, then exp / nbf / iat as Stream
 * reads them (its codes 40 to 43, with its wording), then the claim that says who (user_id, or server: true).
 * A few lines of node:crypto, the way functions/src/lib/stream/user-token.ts signs them.
 */
export const createTokenVerifier = ({ apiKey, secret, now = () => Date.now() }: { apiKey: string; secret: string; now?: () => number }) => {
  const verify = (token: string | undefined): Record<string, unknown> => {
    if (!token) throw new StreamApiError('authenticationFailed', 'JWTAuth error: token is missing');
    const parts = token.replace(/^Bearer\s+/i, '').split('.');
    if (parts.length !== 3) throw new StreamApiError('authenticationFailed', 'JWTAuth error: token contains an invalid number of segments');
    const [header, payload, signature] = parts as [string, string, string];
    let claims: Record<string, unknown>;
    try {
      if (decodeJson(header).alg !== 'HS256') throw new Error('alg');
      claims = decodeJson(payload);
    } catch {
      throw new StreamApiError('authenticationFailed', 'JWTAuth error: token is malformed');
    }
    const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new StreamApiError('tokenSignatureInvalid', `JWTAuth error: signature is not valid. Make sure the token is created using the secret for API key "${apiKey}"`);
    }
    const seconds = Math.floor(now() / 1000);
    if (typeof claims.exp === 'number' && claims.exp <= seconds) throw new StreamApiError('tokenExpired', 'JWTAuth error: token is expired (exp)');
    if (typeof claims.nbf === 'number' && claims.nbf > seconds) throw new StreamApiError('tokenNotValidYet', 'JWTAuth error: token is not valid yet (nbf)');
    if (typeof claims.iat === 'number' && claims.iat > seconds) throw new StreamApiError('tokenUsedBeforeIssuedAt', 'JWTAuth error: token used before issue at (iat)');
    return claims;
  };
  return {
    verifyApiKey(key: string | null | undefined) {
      if (key !== apiKey) throw new StreamApiError('accessKeyError', `api_key not valid: "${key ?? ''}"`);
    },
    verifyUserToken(token: string | undefined): VerifiedUserToken {
      const claims = verify(token);
      if (typeof claims.user_id !== 'string' || !claims.user_id) {
        throw new StreamApiError('authenticationFailed', 'JWTAuth error: user_id is missing from the token');
      }
      return { userId: claims.user_id, claims };
    },
    verifyServerToken(token: string | undefined) {
      const claims = verify(token);
      if (claims.server !== true) throw new StreamApiError('notAllowed', 'this endpoint is only available with server-side auth');
    },
    /** A user token names its user; a server token (server: true) acts for any. */
    verifyAny(token: string | undefined): { server: true } | { server: false; userId: string; claims: Record<string, unknown> } {
      const claims = verify(token);
      if (claims.server === true) return { server: true };
      if (typeof claims.user_id !== 'string' || !claims.user_id) throw new StreamApiError('authenticationFailed', 'JWTAuth error: user_id is missing from the token');
      return { server: false, userId: claims.user_id, claims };
    },
  };
};

export type TokenVerifier = ReturnType<typeof createTokenVerifier>;

/** Signs as Stream's SDKs do (tests and the stand-in's own server calls). */
export const signStreamToken = (claims: Record<string, unknown>, secret: string) => {
  const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const signature = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  return `${header}.${payload}.${signature}`;
};
