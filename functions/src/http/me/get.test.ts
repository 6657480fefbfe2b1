import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './get';

const identity = useTestIdentity({ beforeAll, afterAll });

const get = async (claims?: Record<string, string>) =>
  (await handler(apiEvent({ method: 'GET', path: '/api/me', headers: claims ? identity.bearer(claims) : {} }), lambdaContext())) as APIGatewayProxyStructuredResultV2;

describe('GET /api/me', () => {
  it('answers the identity of the verified ID token', async () => {
    const response = await get({ sub: 'sub-1', email: 'ada@example.org', name: 'Ada', token_use: 'id' });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.body!)).toEqual({ id: 'sub-1', email: 'ada@example.org', name: 'Ada' });
  });

  it('answers null for a name the token does not carry', async () => {
    expect(JSON.parse((await get({ sub: 'sub-1', email: 'ada@example.org' })).body!)).toEqual({ id: 'sub-1', email: 'ada@example.org', name: null });
  });

  it('answers 401 unauthenticated without a token', async () => {
    const response = await get();
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(response.body!)).toEqual({ error: { code: 'unauthenticated', message: expect.any(String) } });
  });
});
