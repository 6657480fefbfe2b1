import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { RouteContract, RouteKey } from '@mentoring/shared';
import { apiEvent, lambdaContext } from '../../../testing/events';
import { httpHandler } from './handler';

const contract = {
  key: 'POST /api/things/{id}',
  handler: 'http/things/update',
  auth: 'none',
  params: z.object({ id: z.string().regex(/^\d+$/) }),
  query: z.object({ dryRun: z.enum(['true', 'false']).optional() }),
  body: z.object({ name: z.string().min(1) }),
  response: z.object({ id: z.string(), name: z.string() }),
  status: 201,
  needs: {},
} as const satisfies RouteContract & { key: RouteKey };

const invoke = async (handler: ReturnType<typeof httpHandler>, { id = '7', body = '{"name":"Ada"}', query }: { id?: string; body?: string; query?: Record<string, string> } = {}) => {
  const response = (await handler(
    apiEvent({ method: 'POST', path: `/api/things/${id}`, body, query, pathParameters: { id }, headers: { 'content-type': 'application/json' } }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;
  return { status: response.statusCode, body: JSON.parse(response.body!) as Record<string, unknown> };
};

describe('httpHandler made from a route entry', () => {
  const echo = httpHandler(contract, async ({ params, body }) => ({ id: params.id, name: body.name }));

  it('hands the feature parsed params, query and body, and answers with the entry status', async () => {
    expect(await invoke(echo)).toEqual({ status: 201, body: { id: '7', name: 'Ada' } });
  });

  it.each([
    ['path parameters', { id: 'x' }],
    ['query', { query: { dryRun: 'maybe' } }],
    ['body', { body: '{"name":""}' }],
  ])('refuses bad %s with 400 validation_failed before the feature runs', async (_, input) => {
    let ran = false;
    const handler = httpHandler(contract, async ({ params, body }) => {
      ran = true;
      return { id: params.id, name: body.name };
    });
    const { status, body } = await invoke(handler, input);
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: 'validation_failed', issues: expect.any(Array) } });
    expect(ran).toBe(false);
  });

  it('answers 500 without details when the answer breaks its schema', async () => {
    const broken = httpHandler(contract, async () => ({ id: 7 }) as unknown as { id: string; name: string });
    expect(await invoke(broken)).toEqual({ status: 500, body: { error: { code: 'internal', message: expect.any(String) } } });
  });

  it('drops fields the contract does not name, so nothing leaks', async () => {
    const leaky = httpHandler(contract, async () => ({ id: '7', name: 'Ada', passwordHash: 'x' }));
    expect((await invoke(leaky)).body).toEqual({ id: '7', name: 'Ada' });
  });
});
