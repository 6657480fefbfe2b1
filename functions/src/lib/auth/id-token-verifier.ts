import { CognitoJwtVerifier, JwtVerifier } from 'aws-jwt-verify';
import type { JwtPayload } from 'aws-jwt-verify/jwt-model';
import { CognitoJwtInvalidTokenUseError } from 'aws-jwt-verify/error';
import { SimpleJwksCache } from 'aws-jwt-verify/jwk';

export interface IdTokenVerifier {
  verify: (token: string) => Promise<JwtPayload>;
}

export interface VerifierEnvironment {
  COGNITO_USER_POOL_ID?: string;
  COGNITO_CLIENT_ID?: string;
  /** Only on the local stage: cognito-local's issuer and key set, which Cognito's URL scheme does not fit. */
  COGNITO_ISSUER?: string;
  COGNITO_JWKS_URI?: string;
}

const requireIdToken = (payload: JwtPayload) => {
  if (payload.token_use !== 'id') throw new CognitoJwtInvalidTokenUseError('Token use must be "id"', 'token_use', String(payload.token_use));
};

/**
 * Verifies a Cognito ID token: signature against the pool's JWKS, issuer, audience (the SPA's
 * client), expiry and token use. In AWS with CognitoJwtVerifier; on the local stage with the generic
 * JwtVerifier pointed at cognito-local, whose issuer is not a Cognito URL.
 */
export const createIdTokenVerifier = (env: VerifierEnvironment = process.env): IdTokenVerifier => {
  const { COGNITO_USER_POOL_ID: userPoolId, COGNITO_CLIENT_ID: clientId, COGNITO_ISSUER: issuer, COGNITO_JWKS_URI: jwksUri } = env;
  if (!userPoolId || !clientId) {
    throw new Error('COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID must be set to verify ID tokens.');
  }
  if (issuer && jwksUri) {
    // aws-jwt-verify fetches key sets over https only; cognito-local serves plain http on loopback.
    const jwksCache = new SimpleJwksCache({
      fetcher: {
        fetch: async (uri) => {
          const response = await fetch(uri);
          if (!response.ok) throw new Error(`JWKS at ${uri} answered ${response.status}`);
          return response.arrayBuffer();
        },
      },
    });
    const verifier = JwtVerifier.create(
      { issuer, jwksUri, audience: clientId, customJwtCheck: ({ payload }) => requireIdToken(payload) },
      { jwksCache },
    );
    return { verify: (token) => verifier.verify(token) };
  }
  const verifier = CognitoJwtVerifier.create({ userPoolId, clientId, tokenUse: 'id' });
  return { verify: (token) => verifier.verify(token) };
};

let shared: IdTokenVerifier | undefined;

/** One verifier per container (or local stage), so the pool's key set is fetched once and cached. */
export const idTokenVerifier = () => (shared ??= createIdTokenVerifier());

/** The token of an `Authorization: Bearer <token>` header; undefined when there is no header, null when it is malformed. */
export const bearerToken = (authorization: string | undefined): string | null | undefined => {
  if (authorization === undefined) return undefined;
  const match = /^Bearer ([A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]+\.[A-Za-z0-9\-_=]*)$/.exec(authorization.trim());
  return match ? match[1]! : null;
};
