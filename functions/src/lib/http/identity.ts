// STAND-IN for issue 4's identity module (contracts.md, "Identity on the API"): the lead keeps issue 4's.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { HttpError } from './errors';

export interface Identity {
  sub: string;
  email: string | null;
  name: string | null;
}

type JwtClaims = Record<string, string | number | boolean | string[] | undefined>;

const claimsOf = (event: APIGatewayProxyEventV2): JwtClaims | undefined =>
  (event.requestContext as { authorizer?: { jwt?: { claims?: JwtClaims } } }).authorizer?.jwt?.claims;

const hasBearer = (event: APIGatewayProxyEventV2) =>
  Object.entries(event.headers ?? {}).some(([name, value]) => name.toLowerCase() === 'authorization' && !!value);

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The verified identity, or null when none was sent; a token that did not verify is a 401, never anonymous. */
export const resolveIdentity = (event: APIGatewayProxyEventV2, mode: 'none' | 'optional' | 'required'): Identity | null => {
  if (mode === 'none') return null;
  const claims = claimsOf(event);
  const sub = text(claims?.sub);
  if (sub) return { sub, email: text(claims?.email), name: text(claims?.name) };
  if (mode === 'required' || hasBearer(event)) throw new HttpError('unauthenticated', 'A valid sign-in token is required.');
  return null;
};
