import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { afterEach, describe, expect, it, vi } from 'vitest';

const load = async (env: Record<string, string | undefined>) => {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import('./powertools');
};

const middlewareNames = (client: DynamoDBClient) => client.middlewareStack.identify().join('\n');
const xrayNamespace = () => (process as { namespaces?: Record<string, unknown> }).namespaces?.AWSXRay;

describe('tracer', () => {
  afterEach(() => vi.unstubAllEnvs());

  // First: once aws-xray-sdk-core is loaded its async hook stays for the life of the process.
  it('is not loaded outside Lambda, so the process gets no X-Ray async hook and clients stay as they are', async () => {
    const { tracer, traced } = await load({ AWS_EXECUTION_ENV: undefined });
    expect(tracer).toBeUndefined();
    expect(xrayNamespace()).toBeUndefined();
    const client = new DynamoDBClient({});
    const before = middlewareNames(client);
    expect(middlewareNames(traced(client))).toBe(before);
  });

  it('stays off in Lambda when POWERTOOLS_TRACE_ENABLED is false', async () => {
    const { tracer } = await load({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: 'false' });
    expect(tracer).toBeUndefined();
  });

  it('traces in Lambda, and captures the SDK clients handed to it', async () => {
    const { tracer, traced } = await load({ AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs24.x', POWERTOOLS_TRACE_ENABLED: undefined });
    expect(tracer?.isTracingEnabled()).toBe(true);
    const client = new DynamoDBClient({});
    const before = middlewareNames(client);
    expect(middlewareNames(traced(client))).not.toBe(before);
  });
});

describe('the empty-metrics warning', () => {
  it('is said once per process; other warnings every time', async () => {
    const { quietOnEmptyMetrics, logger } = await load({});
    const warn = vi.spyOn(logger, 'warn').mockImplementation(() => undefined);
    const { Metrics } = await import('@aws-lambda-powertools/metrics');
    const metrics = new Metrics({ namespace: 'test', serviceName: 'test', logger: quietOnEmptyMetrics(logger) });
    metrics.publishStoredMetrics();
    metrics.publishStoredMetrics();
    metrics.publishStoredMetrics();
    expect(warn.mock.calls.filter(([message]) => String(message).startsWith('No application metrics'))).toHaveLength(1);
    quietOnEmptyMetrics(logger).warn('Something that matters');
    quietOnEmptyMetrics(logger).warn('Something that matters');
    expect(warn.mock.calls.filter(([message]) => message === 'Something that matters')).toHaveLength(2);
  });
});
