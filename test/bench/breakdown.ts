// What a per-request breakdown needs: each layer timed alone, in the bench process, one call at a time.
import { createServer, request, type Agent, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { StageEnvironment } from '../../infra/local/function-environment';
import type { SpawnedStage } from '../support/local-stage';
import { percentile, round } from './stats';

export interface LayerTiming {
  medianUs: number;
  p90Us: number;
  /** This process's CPU per call: under load the stage's one thread is the limit, so CPU is what concurrency queues behind. */
  cpuUs: number;
}

/** Median and p90 wall time of `task` in microseconds, one call at a time after a warm-up, and the CPU per call. */
export const timeLayer = async (task: () => Promise<unknown> | unknown, { warmup, iterations }: { warmup: number; iterations: number }): Promise<LayerTiming> => {
  for (let i = 0; i < warmup; i += 1) await task();
  const samples: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    await task();
    samples.push((performance.now() - started) * 1000);
  }
  const used = process.cpuUsage(cpu);
  samples.sort((a, b) => a - b);
  return { medianUs: round(percentile(samples, 50), 1), p90Us: round(percentile(samples, 90), 1), cpuUs: round((used.user + used.system) / iterations, 1) };
};

export const listenLocal = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** One keep-alive request, as autocannon sends them; resolves with the status once the body is read. */
export const send = (agent: Agent, port: number, path: string, { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {}) =>
  new Promise<number>((resolve, reject) => {
    const req = request(
      { agent, host: '127.0.0.1', port, path, method, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** A server that answers every request at once with `answer`: the HTTP hop alone. */
export const bareServer = (status: number, answer: string) =>
  createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(answer);
    });
  });

/** The stage's environment as the local stage gives it to its functions, for a gateway or a handler in this process. */
export const benchStageEnvironment = (stage: SpawnedStage, cognito: Record<string, string> = { COGNITO_USER_POOL_ID: 'unused', COGNITO_CLIENT_ID: 'unused' }): StageEnvironment => ({
  common: {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: stage.dynamoDbEndpoint,
    STAGE: 'local',
    APP_VERSION: 'bench',
    POWERTOOLS_SERVICE_NAME: 'bench',
    POWERTOOLS_METRICS_NAMESPACE: 'Mentoring',
    POWERTOOLS_METRICS_DISABLED: 'true',
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    POWERTOOLS_TRACE_ENABLED: 'false',
  },
  cognito,
  tables: stage.tables as StageEnvironment['tables'],
  buckets: stage.buckets as StageEnvironment['buckets'],
  eventBusName: stage.eventBus.busName,
  mailFrom: 'unused',
  userPoolId: 'unused',
  schedules: {},
  siteUrl: stage.url,
  secrets: {},
});
