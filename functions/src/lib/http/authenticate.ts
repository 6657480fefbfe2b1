import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { AuthMode } from '@mentoring/shared';
import { bearerToken, idTokenVerifier, type IdTokenVerifier } from '../auth/id-token-verifier';
import { logger } from '../powertools';
import { HttpError } from './errors';
import { header } from './middlewares';
import { identityFromClaims, type Identity, type JwtClaims } from './identity';

type HttpMiddleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

export type AuthenticatedEvent = APIGatewayProxyEventV2 & { identity?: Identity | null };

/** Where API Gateway's JWT authorizer (and the local gateway) put the verified token's claims. */
export const authorizerClaims = (event: APIGatewayProxyEventV2) =>
  (event.requestContext as { authorizer?: { jwt?: { claims?: JwtClaims } } }).authorizer?.jwt?.claims;

const authorizationHeader = (event: APIGatewayProxyEventV2) => header(event, 'authorization');

const unauthenticated = (message: string) => new HttpError('unauthenticated', message);

/**
 * Sets `event.identity` by the route's auth mode:
 * - `required`: the authorizer has verified the ID token already; its claims must be there;
 * - `optional`: no Authorization header means anonymous, but a token that does not verify is a 401,
 *   never a silent downgrade to anonymous;
 * - `none`: no identity, whatever the request carries.
 */
export const authenticate = (mode: AuthMode, verifier: () => IdTokenVerifier = idTokenVerifier): HttpMiddleware => ({
  before: async ({ event }) => {
    const target = event as AuthenticatedEvent;
    if (mode === 'none') {
      target.identity = null;
      return;
    }
    const verified = identityFromClaims(authorizerClaims(event));
    if (verified) {
      target.identity = verified;
      return;
    }
    if (mode === 'required') throw unauthenticated('Sign in to use this.');

    const token = bearerToken(authorizationHeader(event));
    if (token === undefined) {
      target.identity = null;
      return;
    }
    if (token === null) throw unauthenticated('The Authorization header must be "Bearer <ID token>".');
    try {
      const payload = await verifier().verify(token);
      target.identity = identityFromClaims(payload as JwtClaims);
    } catch (error) {
      logger.info('Rejected a token on an optional route', { reason: (error as Error).name });
      throw unauthenticated('The sign-in token is invalid or has expired. Sign in again.');
    }
    if (!target.identity) throw unauthenticated('The sign-in token names no user.');
  },
});
