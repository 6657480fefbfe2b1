/** Who is calling: taken from a verified Cognito ID token, never from the request's own fields. */
export interface Identity {
  sub: string;
  email: string | null;
  name: string | null;
  /** The Cognito groups the token names (`cognito:groups`), e.g. coordinators. */
  groups: string[];
}

/** Claims as API Gateway's JWT authorizer passes them on (values turned into strings). */
export type JwtClaims = Record<string, string | number | boolean | string[]>;

const text = (value: JwtClaims[string] | undefined) => (typeof value === 'string' && value !== '' ? value : null);

/** The identity the claims of an ID token describe; null when they name no subject. */
export const identityFromClaims = (claims: JwtClaims | undefined | null): Identity | null => {
  const sub = text(claims?.sub);
  if (!sub) return null;
  const groups = claims?.['cognito:groups'];
  return { sub, email: text(claims?.email), name: text(claims?.name), groups: Array.isArray(groups) ? groups.filter((group) => typeof group === 'string') : [] };
};
