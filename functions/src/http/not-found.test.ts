import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { apiEvent, lambdaContext } from '#testing/events';
import { handler } from './not-found';
import { handler as health } from './health/get';

describe('$default route', () => {
  it('answers 404 in the documented error shape', async () => {
    const response = (await handler(apiEvent({ method: 'DELETE', path: '/api/feedback' }), lambdaContext())) as APIGatewayProxyStructuredResultV2;
    expect(response.statusCode).toBe(404);
    expect(JSON.parse(response.body!)).toEqual({ error: { code: 'not_found', message: 'No route for DELETE /api/feedback.' } });
  });
});

describe('GET /api/health', () => {
  it('reports status, stage and version', async () => {
    process.env.STAGE = 'test';
    process.env.APP_VERSION = '1.2.3';
    const response = (await health(apiEvent({ method: 'GET', path: '/api/health' }), lambdaContext())) as APIGatewayProxyStructuredResultV2;
    expect(JSON.parse(response.body!)).toEqual({ status: 'ok', stage: 'test', version: '1.2.3' });
  });
});
