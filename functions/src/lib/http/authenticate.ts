import type { MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { COORDINATORS_GROUP, type AuthMode } from '@mentoring/shared';
import { bearerToken, idTokenVerifier, type IdTokenVerifier } from '../auth/id-token-verifier';
import { logger } from '../powertools';
import { HttpError } from './errors';
import { header } from './middlewares';
import { identityFromClaims, type Identity, type JwtClaims } from '../auth/identity';

type HttpMiddleware = MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>;

export type AuthenticatedEvent = APIGatewayProxyEventV2 & { identity?: Identity | null };

const authorizationHeader = (event: APIGatewayProxyEventV2) => header(event, 'authorization');

const unauthenticated = (message: string) => new HttpError('unauthenticated', message);

/**
 * Sets `event.identity` by the route's auth mode. The function verifies the Cognito ID token itself
 * (API Gateway's JWT authorizer would answer in its own body, and accepts access tokens too):
 * - `required`: a valid ID token, or a 401 in the documented shape;
 * - `coordinator`: as `required`, and the token's groups must include the coordinators' group (else 403);
 * - `optional`: no Authorization header means anonymous, but a token that does not verify is a 401,
 *   never a silent downgrade to anonymous;
 * - `none`: no identity, whatever the request carries.
 */
export const authenticate = (mode: AuthMode, verifier: () => IdTokenVerifier = idTokenVerifier): HttpMiddleware => ({
  before: async ({ event }) => {
    const target = event as AuthenticatedEvent;
    target.identity = null;
    if (mode === 'none') return;

    const token = bearerToken(authorizationHeader(event));
    if (token === undefined) {
      if (mode !== 'optional') throw unauthenticated('Sign in to use this.');
      return;
    }
    if (token === null) throw unauthenticated('The Authorization header must be "Bearer <ID token>".');
    try {
      const payload = await verifier().verify(token);
      target.identity = identityFromClaims(payload as JwtClaims);
    } catch (error) {
      logger.info('Rejected a token', { reason: (error as Error).name });
      throw unauthenticated('The sign-in token is invalid or has expired. Sign in again.');
    }
    if (!target.identity) throw unauthenticated('The sign-in token names no user.');
    if (mode === 'coordinator' && !target.identity.groups.includes(COORDINATORS_GROUP)) {
      throw new HttpError('forbidden', 'Only programme coordinators can do this.');
    }
  },
});
