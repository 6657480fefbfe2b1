import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StageEnvironment } from './function-environment';
import { LOCAL_EVENT_BUS_NAME, startLocalEventBus, type DeadLetter, type LocalEventBus, type LoggedEvent } from './event-bus';

// Stand-in consumers at the rule table's handler paths: call-status records what it got, archive always fails.
const consumer = (body: string) => `export const handler = async (event, context) => { ${body} };`;

describe('local event bus', () => {
  const root = mkdtempSync(join(tmpdir(), 'bus-test-'));
  const received = join(root, 'received.jsonl');
  let bus: LocalEventBus;
  let client: EventBridgeClient;

  beforeAll(async () => {
    const functionsSrc = join(root, 'src');
    for (const [path, body] of [
      ['events/call-status/handler.ts', `(await import('node:fs')).appendFileSync(${JSON.stringify(received)}, JSON.stringify({ event, remaining: context.getRemainingTimeInMillis(), env: { calls: process.env.CALLS_TABLE, archive: process.env.ARCHIVE_BUCKET, media: process.env.MEDIA_BUCKET ?? null } }) + '\\n');`],
      ['events/call-archive/handler.ts', "throw new Error('Stream link expired');"],
      ['events/call-membership/handler.ts', ''],
    ] as const) {
      mkdirSync(join(functionsSrc, path, '..'), { recursive: true });
      writeFileSync(join(functionsSrc, path), consumer(body));
    }
    const environment: StageEnvironment = {
      common: { STAGE: 'local' },
      cognito: {},
      tables: { feedback: 'feedback', webhookDeliveries: 'deliveries', calls: 'calls-table', members: 'members', mentorships: 'mentorships', sessions: 'sessions', safeguarding: 'safeguarding', programme: 'programme', idempotency: 'idempotency', notifications: 'notifications', groupSessions: 'group-sessions' },
      buckets: { archive: 'archive-bucket', media: 'media-bucket' },
      eventBusName: LOCAL_EVENT_BUS_NAME,
      secrets: {},
      mailFrom: 'Test <no-reply@example.test>',
      userPoolId: 'pool',
      schedules: {},
      siteUrl: 'http://localhost',
    };
    bus = await startLocalEventBus({ functionsSrc, dataDir: join(root, 'bus'), region: 'us-east-1', retryDelaysMs: [10, 10], environment: () => environment });
    client = new EventBridgeClient({ endpoint: bus.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  });
  afterAll(async () => {
    client.destroy();
    await bus.stop();
    rmSync(root, { recursive: true, force: true });
  });

  const put = (detailType: string, detail: unknown, EventBusName = LOCAL_EVENT_BUS_NAME) =>
    client.send(new PutEventsCommand({ Entries: [{ EventBusName, Source: 'getstream.io', DetailType: detailType, Detail: JSON.stringify(detail) }] }));

  const settled = async () => {
    for (;;) {
      const { events } = (await (await fetch(`${bus.endpoint}/_local/events`)).json()) as { events: LoggedEvent[] };
      if (events.every(({ deliveries }) => deliveries.every(({ status }) => status !== 'pending'))) return events;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it('accepts PutEvents from the AWS SDK and invokes the matching consumer with an EventBridge-shaped event', async () => {
    const result = await put('call.recording_started', { call_cid: 'default:a' });
    expect(result.FailedEntryCount).toBe(0);
    await settled();
    const [first] = readFileSync(received, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { event: Record<string, unknown>; remaining: number; env: Record<string, string> });
    expect(first!.event).toMatchObject({
      version: '0',
      id: result.Entries![0]!.EventId,
      source: 'getstream.io',
      'detail-type': 'call.recording_started',
      detail: { call_cid: 'default:a' },
      region: 'us-east-1',
    });
    expect(first!.remaining).toBeGreaterThan(0);
    // Only what its rule grants: the calls table and the archive bucket (large events are stored there), not the media bucket.
    expect(first!.env).toEqual({ calls: 'calls-table', archive: 'archive-bucket', media: null });
  });

  it('retries a failing consumer, then writes a dead letter (file and endpoint)', async () => {
    await put('call.recording_ready', { call_cid: 'default:b' });
    const events = await settled();
    expect(events.at(-1)!.deliveries).toEqual([{ rule: 'archive-artifacts', status: 'dead-lettered', attempts: 3, error: 'Stream link expired' }]);
    const [letter] = readFileSync(bus.deadLetterFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as DeadLetter);
    expect(letter).toMatchObject({ rule: 'archive-artifacts', attempts: 3, event: { detail: { call_cid: 'default:b' } } });
    const { deadLetters } = (await (await fetch(`${bus.endpoint}/_local/dead-letters`)).json()) as { deadLetters: DeadLetter[] };
    expect(deadLetters).toHaveLength(1);
  });

  it('delivers an event no rule matches to nobody, and refuses an unknown bus', async () => {
    expect((await put('typing.start', { text: 'hi' })).FailedEntryCount).toBe(0);
    expect((await settled()).at(-1)!.deliveries).toEqual([]);
    const refused = await put('call.created', {}, 'another-bus');
    expect(refused).toMatchObject({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'ResourceNotFoundException' }] });
  });
});
