import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Who is calling, from the Cognito ID token's claims that API Gateway's JWT authorizer (or the local gateway) verified. */
export interface Identity {
  sub: string;
  email: string | null;
  name: string | null;
}

type WithClaims = APIGatewayProxyEventV2 & {
  requestContext: { authorizer?: { jwt?: { claims?: Record<string, string | number | boolean | string[]> } } };
};

export const identityFromEvent = (event: APIGatewayProxyEventV2): Identity | null => {
  const claims = (event as WithClaims).requestContext.authorizer?.jwt?.claims;
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return null;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  return { sub, email: text(claims?.email), name: text(claims?.name) };
};
