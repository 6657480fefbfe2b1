import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import type { TestProject } from 'vitest/node';
import { scheduleEnv, TEST_MEMBERS_GROUP } from '@mentoring/shared';
import { startStreamRecorder } from '../../functions/testing/stream-recorder';
import { spawnLocalStage } from '../support/local-stage';
import { busEventCopies, sesSendEvents, startAwsTwins } from '../support/aws-twins';
import { cognitoClient } from '../support/auth';
import { deleteRunMembers } from './support/run-members';
import { testStreamCredentials } from '../support/stream';
import { startTestStandIn } from '../support/stream-stand-in';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    isLocal: boolean;
    dynamoDbEndpoint: string | null;
    tables: Record<string, string>;
    /** The stage's buckets by key (STAGE_BUCKETS, from the stack outputs), reached through S3's API (support/s3.ts). */
    buckets: Record<string, string>;
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
    /** SES's events of the stage's mail (support/mail-events.ts): MAIL_EVENTS_QUEUE_URL on dev and staging, its twin locally. */
    mailEventsQueueUrl: string | null;
    /** A copy of every event the stage's bus takes (support/bus-events.ts): BUS_EVENTS_QUEUE_URL on dev and staging, its twin locally. */
    busEventsQueueUrl: string | null;
    /**
     * The Stream secret's name in Secrets Manager (STREAM_SECRET_ID), which the suite reads as the pipeline's role
     * may (support/stream-secret.ts): to sign webhooks as the stage's Stream app does. Locally its twin's.
     */
    streamSecretId: string | null;
    /** Where the stage's Stream app answers its server API: Stream's own host on AWS; locally the stage's stand-in. */
    streamBaseUrl: string;
    /**
     * Each schedule kind's function, by name: the suite invokes it with the event Scheduler would send
     * (support/schedule-targets.ts), on AWS (STAGE_SCHEDULE_TARGETS, Lambda's endpoint the region's) and locally (the
     * local scheduler's twin of Lambda's Invoke, reached as AWS's SDK is configured: AWS_ENDPOINT_URL_LAMBDA).
     */
    scheduleTargets: Record<string, string>;
    /** The stage's schedule group, whose schedules Scheduler's API shows (STAGE_SCHEDULE_GROUP; locally AWS_ENDPOINT_URL_SCHEDULER's stand-in). */
    scheduleGroup: string | null;
    /** The local stage reached only as a deployed one is (`npm run test:stage -- --as-deployed`): every local-only handle above is null. */
    asDeployed: boolean;
  }
}

/** The local-only handles: what a deployed stage has no equivalent of, so a test that reads one cannot run there. */
export const LOCAL_ONLY_HANDLES = ['dynamoDbEndpoint', 's3Endpoint', 'eventBusEndpoint', 'scheduler', 'sesEndpoint', 'streamCredentials', 'streamRecorderUrl'] as const;

/** Stream's API, where a deployed stage's functions reach its Stream app. */
const STREAM_API = 'https://video.stream-io-api.com';

/** `npm run test:stage -- --as-deployed` sets it (scripts/test-stage.ts). */
export const asDeployed = () => process.env.STAGE_AS_DEPLOYED === '1';

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
  // The members a run on a stage reached as deployed makes, deleted when it ends (support/run-members.ts).
  const registry = join(mkdtempSync(join(tmpdir(), 'run-members-')), 'members.jsonl');
  process.env.TEST_MEMBERS_FILE = registry;
  const deleteMembers = async (url: string) => {
    const { deleted, gone } = await deleteRunMembers(url, registry);
    if (deleted + gone > 0) console.log(`The run's members: ${deleted} deleted through DELETE /api/me, ${gone} already gone or refused`);
  };
  if (target) {
    project.provide('isLocal', false);
    project.provide('baseUrl', target.replace(/\/$/, ''));
    project.provide('dynamoDbEndpoint', null);
    project.provide('tables', JSON.parse(process.env.STAGE_TABLES ?? '{}') as Record<string, string>);
    project.provide('buckets', JSON.parse(process.env.STAGE_BUCKETS ?? '{}') as Record<string, string>);
    project.provide('s3Endpoint', null);
    project.provide('eventBusEndpoint', null);
    project.provide('scheduler', null);
    project.provide('sesEndpoint', null);
    project.provide('streamCredentials', null);
    project.provide('streamRecorderUrl', null);
    project.provide('mailEventsQueueUrl', process.env.MAIL_EVENTS_QUEUE_URL ?? null);
    project.provide('busEventsQueueUrl', process.env.BUS_EVENTS_QUEUE_URL ?? null);
    project.provide('streamSecretId', process.env.STREAM_SECRET_ID ?? null);
    project.provide('streamBaseUrl', process.env.STREAM_BASE_URL ?? STREAM_API);
    project.provide('scheduleTargets', JSON.parse(process.env.STAGE_SCHEDULE_TARGETS ?? '{}') as Record<string, string>);
    project.provide('scheduleGroup', process.env.STAGE_SCHEDULE_GROUP ?? null);
    project.provide('asDeployed', false);
    return () => deleteMembers(target.replace(/\/$/, ''));
  }
  // The stage's Stream app: a stand-in with the stage's key and secret, which keeps what the stage asked of it for the
  // suite to read back through Stream's API (support/stream-api.ts), behind the recorder the local run reads too.
  const streamApp = await startTestStandIn({ apiKey: testStreamCredentials.apiKey, secret: testStreamCredentials.apiSecret, video: true });
  const recorder = await startStreamRecorder({ upstream: streamApp.standIn.url });
  project.provide('streamBaseUrl', streamApp.standIn.url);
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
  // What dev and staging have for the suite alone (the mail events' and the bus's queues, the Stream secret), as
  // AWS's clients reach them; each queue's twin fed by the stand-in AWS would deliver from.
  const streamSecretId = 'mentoring/local/stream';
  const twins = await startAwsTwins({
    queues: { 'mentoring-local-mail-events': sesSendEvents(stage.ses.endpoint), 'mentoring-local-bus-events': busEventCopies(stage.eventBus.endpoint) },
    secrets: { [streamSecretId]: JSON.stringify(testStreamCredentials) },
  });
  project.provide('mailEventsQueueUrl', twins.queueUrl('mentoring-local-mail-events'));
  project.provide('busEventsQueueUrl', twins.queueUrl('mentoring-local-bus-events'));
  project.provide('streamSecretId', streamSecretId);
  project.provide('baseUrl', stage.url);
  project.provide('buckets', stage.buckets);
  project.provide('asDeployed', asDeployed());
  // The local scheduler's functions, named as its targets' ARNs name them.
  const targetArns = JSON.parse(stage.scheduler.environment[scheduleEnv.targets] ?? '{}') as Record<string, string>;
  project.provide('scheduleGroup', stage.scheduler.groupName);
  project.provide('scheduleTargets', Object.fromEntries(Object.entries(targetArns).map(([kind, arn]) => [kind, arn.split(':function:')[1]!])));
  if (asDeployed()) {
    // As the pipeline's job has it: the stage's URL and table names (its outputs), and AWS's SDK configured by the
    // environment, where an AWS endpoint is the region's and here the local twin's. Nothing else of the local stage.
    Object.assign(process.env, {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      AWS_ENDPOINT_URL_DYNAMODB: stage.dynamoDbEndpoint,
      AWS_ENDPOINT_URL_LAMBDA: stage.scheduler.endpoint,
      AWS_ENDPOINT_URL_SCHEDULER: stage.scheduler.endpoint,
      AWS_ENDPOINT_URL_SECRETS_MANAGER: twins.endpoint,
      AWS_ENDPOINT_URL_S3: stage.s3Endpoint,
      S3_FORCE_PATH_STYLE: 'true',
    });
    project.provide('isLocal', false);
    project.provide('tables', stage.tables);
    for (const handle of LOCAL_ONLY_HANDLES) project.provide(handle, null);
    // The group the auth stack makes on dev and staging.
    const cognito = cognitoClient(stage.cognito);
    await cognito.send(new CreateGroupCommand({ UserPoolId: stage.cognito.userPoolId, GroupName: TEST_MEMBERS_GROUP }));
    cognito.destroy();
    return async () => {
      await deleteMembers(stage.url);
      await twins.close();
      await stage.stop();
      await recorder.close();
      await streamApp.stop();
    };
  }
  project.provide('isLocal', true);
  project.provide('dynamoDbEndpoint', stage.dynamoDbEndpoint);
  project.provide('tables', stage.tables);
  project.provide('s3Endpoint', stage.s3Endpoint);
  project.provide('eventBusEndpoint', stage.eventBus.endpoint);
  project.provide('scheduler', { endpoint: stage.scheduler.endpoint, environment: stage.scheduler.environment });
  project.provide('sesEndpoint', stage.ses.endpoint);
  project.provide('streamCredentials', testStreamCredentials);
  project.provide('streamRecorderUrl', recorder.url);
  return async () => {
    await twins.close();
    await stage.stop();
    await recorder.close();
    await streamApp.stop();
  };
}
