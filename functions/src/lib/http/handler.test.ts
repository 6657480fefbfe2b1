import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { Metrics } from '@aws-lambda-powertools/metrics';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { RouteContract, RouteKey } from '@mentoring/shared';
import { apiEvent, lambdaContext } from '#testing/events';
import { conflict, DomainError, invalid } from '../domain-error';
import { logger, metrics } from '../powertools';
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

  describe('an answer that breaks its schema', () => {
    const broken = httpHandler(contract, async () => ({ id: 7 }) as unknown as { id: string; name: string });
    afterEach(() => {
      vi.unstubAllEnvs();
      vi.restoreAllMocks();
    });

    it('is a 500 without details in tests (NODE_ENV=test) and on the local stage, where the bug is made', async () => {
      const published = vi.spyOn(Metrics.prototype, 'publishStoredMetrics');
      expect(await invoke(broken)).toEqual({ status: 500, body: { error: { code: 'internal', message: expect.any(String) } } });
      vi.stubEnv('NODE_ENV', 'development');
      vi.stubEnv('STAGE', 'local');
      expect((await invoke(broken)).status).toBe(500);
      expect(published.mock.contexts.filter((context) => context !== metrics)).toEqual([]);
    });

    it('goes out on a deployed stage (its write has committed), logged with the route and counted for the alarm', async () => {
      vi.stubEnv('NODE_ENV', 'production');
      vi.stubEnv('STAGE', 'prod');
      const logged = vi.spyOn(logger, 'error');
      const published: unknown[] = [];
      vi.spyOn(Metrics.prototype, 'publishStoredMetrics').mockImplementation(function (this: Metrics) {
        if (this !== metrics) published.push(this.serializeMetrics());
        // As publishing does: the next record starts empty.
        this.clearMetrics();
        this.clearDimensions();
        return this;
      });
      expect(await invoke(broken)).toEqual({ status: 201, body: { id: 7 } });
      expect(logged).toHaveBeenCalledWith('The answer does not match its contract', expect.objectContaining({ route: contract.key }));
      // Once for the alarm (service alone), once for the dashboard (by the function that emitted it).
      expect(published).toEqual([
        expect.objectContaining({ service: 'lib-http-handler', AnswerContractMismatch: 1, _aws: expect.objectContaining({ CloudWatchMetrics: [expect.objectContaining({ Dimensions: [['service']] })] }) }),
        expect.objectContaining({
          service: 'lib-http-handler',
          function: process.env.POWERTOOLS_SERVICE_NAME ?? 'unknown',
          AnswerContractMismatch: 1,
          _aws: expect.objectContaining({ CloudWatchMetrics: [expect.objectContaining({ Dimensions: [['service', 'function']] })] }),
        }),
      ]);
    });
  });

  it('answers a rule\'s refusal (DomainError) with its code\'s status and the documented shape, naming the guard of a conflict', async () => {
    const full = httpHandler(contract, async () => {
      throw conflict('no_places_left', 'The mentor has no place left.');
    });
    const missing = httpHandler(contract, async () => {
      throw new DomainError('not_found', 'There is no such thing.');
    });
    expect(await invoke(full)).toEqual({ status: 409, body: { error: { code: 'conflict', message: 'The mentor has no place left.', reason: 'no_places_left' } } });
    expect(await invoke(missing)).toEqual({ status: 404, body: { error: { code: 'not_found', message: 'There is no such thing.' } } });
  });

  it('answers invalid input that a module found (not zod) as a 400 naming the fields', async () => {
    const issues = [{ path: ['topics'], message: "Not in the programme's list: Knitting", code: 'custom' as const }];
    const refused = httpHandler(contract, async () => {
      throw invalid('Unknown topics: Knitting.', issues);
    });
    expect(await invoke(refused)).toEqual({ status: 400, body: { error: { code: 'validation_failed', message: 'Unknown topics: Knitting.', issues } } });
  });

  it('drops fields the contract does not name, so nothing leaks', async () => {
    const leaky = httpHandler(contract, async () => ({ id: '7', name: 'Ada', passwordHash: 'x' }));
    expect((await invoke(leaky)).body).toEqual({ id: '7', name: 'Ada' });
  });
});
