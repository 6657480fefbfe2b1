import type { TestProject } from 'vitest/node';
import { startStreamRecorder } from '../../functions/testing/stream-recorder';
import { spawnLocalStage } from '../support/local-stage';
import { testStreamCredentials } from '../support/stream';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    isLocal: boolean;
    dynamoDbEndpoint: string | null;
    tables: Record<string, string>;
    /** Local-only endpoints (s3rver, the in-process bus); null against a deployed stage. */
    s3Endpoint: string | null;
    eventBusEndpoint: string | null;
    /** The Scheduler stand-in (move its clock with test/support/scheduler.ts) and the environment its callers need. */
    scheduler: { endpoint: string; environment: Record<string, string> } | null;
    /** The SES stand-in's endpoint (messages at <endpoint>/store, test/support/mail.ts); null against a deployed stage. */
    sesEndpoint: string | null;
    streamCredentials: { apiKey: string; apiSecret: string } | null;
    /** Where the local stage's Stream server SDK calls go (a recorder: GET /_recorded); null when deployed. */
    streamRecorderUrl: string | null;
  }
}

/** BASE_URL when it names a deployed stage: Vite sets it to "/" for its own use, so only an absolute URL counts. */
export const deployedStage = () => {
  const target = process.env.BASE_URL;
  return target && /^https?:\/\//.test(target) ? target : undefined;
};

/**
 * Against BASE_URL when it is set (a deployed stage), otherwise against a local stage started here:
 * in-memory DynamoDB Local and its own ports, stopped afterwards.
 */
export default async function setup(project: TestProject) {
  const target = deployedStage();
  if (target) {
    project.provide('isLocal', false);
    project.provide('baseUrl', target.replace(/\/$/, ''));
    project.provide('dynamoDbEndpoint', null);
    project.provide('tables', JSON.parse(process.env.STAGE_TABLES ?? '{}') as Record<string, string>);
    project.provide('s3Endpoint', null);
    project.provide('eventBusEndpoint', null);
    project.provide('scheduler', null);
    project.provide('sesEndpoint', null);
    project.provide('streamCredentials', null);
    project.provide('streamRecorderUrl', null);
    return;
  }
  const recorder = await startStreamRecorder();
  // DIRECTORY_CACHE_SECONDS=0: the directory reads its index on every request, so a test sees a decision at once.
  const stage = await spawnLocalStage({
    env: {
      STREAM_API_KEY: testStreamCredentials.apiKey,
      STREAM_API_SECRET: testStreamCredentials.apiSecret,
      STREAM_BASE_URL: recorder.url,
      DIRECTORY_CACHE_SECONDS: '0',
      DASHBOARD_REFRESH_COOLDOWN_SECONDS: '0',
    },
  });
  project.provide('isLocal', true);
  project.provide('baseUrl', stage.url);
  project.provide('dynamoDbEndpoint', stage.dynamoDbEndpoint);
  project.provide('tables', stage.tables);
  project.provide('s3Endpoint', stage.s3Endpoint);
  project.provide('eventBusEndpoint', stage.eventBus.endpoint);
  project.provide('scheduler', { endpoint: stage.scheduler.endpoint, environment: stage.scheduler.environment });
  project.provide('sesEndpoint', stage.ses.endpoint);
  project.provide('streamCredentials', testStreamCredentials);
  project.provide('streamRecorderUrl', recorder.url);
  return async () => {
    await stage.stop();
    await recorder.close();
  };
}
