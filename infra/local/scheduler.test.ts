import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  ListSchedulesCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { InvokeCommand, LambdaClient, ResourceNotFoundException as LambdaNotFound } from '@aws-sdk/client-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedules, scheduleTargetInput } from '@mentoring/shared';
import { LOCAL_SCHEDULE_GROUP, startLocalScheduler, type LocalScheduler, type ScheduleDeadLetter, type ScheduleRun } from './scheduler';

// Stand-in handlers at the schedule table's module paths: they record what they got; request-expiry fails on "fail-*".
const handler = (body: string) => `export const handler = async (event, context) => { ${body} };`;

interface Received {
  event: { kind: string; payload: { mentorshipId: string }; scheduledTime: string; scheduleArn: string; executionId: string; attemptNumber: string };
  remaining: number;
}

/** The one-time kinds of the shared table: the recurring ones have a test of their own below. */
const oneTimeKinds = Object.fromEntries(Object.entries(schedules).filter(([, definition]) => !('weekly' in definition) && !('everyMinutes' in definition)));

describe('local scheduler', () => {
  const root = mkdtempSync(join(tmpdir(), 'scheduler-test-'));
  const received = join(root, 'received.jsonl');
  const dataDir = join(root, 'scheduler');
  const functionsSrc = join(root, 'src');
  let scheduler: LocalScheduler;
  let client: SchedulerClient;

  const start = async () => {
    scheduler = await startLocalScheduler({ functionsSrc, dataDir, region: 'us-east-1', kinds: oneTimeKinds, retryDelaysMs: [10, 10], tickMs: 50 });
    client = new SchedulerClient({ endpoint: scheduler.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
  };
  const stop = async () => {
    client.destroy();
    await scheduler.stop();
  };

  beforeAll(async () => {
    const record = `(await import('node:fs')).appendFileSync(${JSON.stringify(received)}, JSON.stringify({ event, remaining: context.getRemainingTimeInMillis() }) + '\\n');`;
    for (const [path, body] of [
      ['schedules/request-reminder.ts', record],
      ['schedules/request-expiry.ts', `if (event.payload.mentorshipId.startsWith('fail')) throw new Error('DynamoDB unavailable'); ${record}`],
      ['schedules/mentorship-end.ts', record],
    ] as const) {
      mkdirSync(join(functionsSrc, path, '..'), { recursive: true });
      writeFileSync(join(functionsSrc, path), handler(body));
    }
    await start();
  });
  afterAll(async () => {
    await stop();
    rmSync(root, { recursive: true, force: true });
  });

  const receivedEvents = () =>
    existsSync(received) ? readFileSync(received, 'utf8').trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as Received) : [];
  const view = async () =>
    (await (await fetch(`${scheduler.endpoint}/_local/schedules`)).json()) as {
      now: string;
      schedules: { name: string; kind: string | null; dueAt: string; completed: boolean }[];
      runs: ScheduleRun[];
      deadLetters: ScheduleDeadLetter[];
    };
  const moveClock = async (body: Record<string, unknown>) => {
    const response = await fetch(`${scheduler.endpoint}/_local/clock`, { method: 'POST', body: JSON.stringify(body) });
    return { status: response.status, body: (await response.json()) as { now: string; runs: ScheduleRun[]; message?: string } };
  };
  /** A time from the wall clock, as a handler computes it, in whole seconds as at() has them. */
  const inFromNow = (ms: number) => new Date(Math.ceil((Date.now() + ms) / 1000) * 1000);
  const at = (date: Date) => `at(${date.toISOString().slice(0, 19)})`;
  const input = (name: string, when: Date, kind: 'request-reminder' | 'request-expiry' | 'mentorship-end' = 'request-reminder', mentorshipId = name): CreateScheduleCommandInput => ({
    Name: name,
    GroupName: LOCAL_SCHEDULE_GROUP,
    ScheduleExpression: at(when),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    Target: {
      Arn: scheduler.targets[kind]!,
      RoleArn: scheduler.roleArn,
      Input: scheduleTargetInput(kind, { mentorshipId }),
      RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 21600 },
      DeadLetterConfig: { Arn: scheduler.deadLetterArn },
    },
  });
  const refusal = async (promise: Promise<unknown>) => {
    const error = (await promise.then(
      () => {
        throw new Error('expected a refusal');
      },
      (caught: unknown) => caught,
    )) as Error & { $metadata: { httpStatusCode: number } };
    return { name: error.name, status: error.$metadata?.httpStatusCode, message: error.message };
  };

  it('gives the functions the environment scheduleOnce reads', () => {
    expect(scheduler.environment).toEqual({
      AWS_ENDPOINT_URL_SCHEDULER: scheduler.endpoint,
      SCHEDULE_GROUP_NAME: 'mentoring-local',
      SCHEDULER_ROLE_ARN: 'arn:aws:iam::000000000000:role/mentoring-local-scheduler',
      SCHEDULE_DEAD_LETTER_ARN: 'arn:aws:sqs:us-east-1:000000000000:mentoring-local-schedule-dead-letters',
      SCHEDULE_TARGETS: JSON.stringify({
        'request-reminder': 'arn:aws:lambda:us-east-1:000000000000:function:mentoring-local-schedule-request-reminder',
        'request-expiry': 'arn:aws:lambda:us-east-1:000000000000:function:mentoring-local-schedule-request-expiry',
        'mentorship-end': 'arn:aws:lambda:us-east-1:000000000000:function:mentoring-local-schedule-mentorship-end',
        'session-reminder': 'arn:aws:lambda:us-east-1:000000000000:function:mentoring-local-schedule-session-reminder',
        'message-email': 'arn:aws:lambda:us-east-1:000000000000:function:mentoring-local-schedule-message-email',
      }),
    });
  });

  it('creates, reads, lists and deletes schedules through the AWS SDK', async () => {
    const when = inFromNow(3600_000);
    const created = await client.send(new CreateScheduleCommand(input('crud-1', when)));
    expect(created.ScheduleArn).toBe(`arn:aws:scheduler:us-east-1:000000000000:schedule/mentoring-local/crud-1`);
    const got = await client.send(new GetScheduleCommand({ Name: 'crud-1', GroupName: LOCAL_SCHEDULE_GROUP }));
    expect(got).toMatchObject({
      Arn: created.ScheduleArn,
      Name: 'crud-1',
      GroupName: LOCAL_SCHEDULE_GROUP,
      ScheduleExpression: at(when),
      ScheduleExpressionTimezone: 'UTC',
      State: 'ENABLED',
      ActionAfterCompletion: 'DELETE',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: input('crud-1', when).Target,
    });
    expect(got.CreationDate).toBeInstanceOf(Date);
    const listed = await client.send(new ListSchedulesCommand({ GroupName: LOCAL_SCHEDULE_GROUP, NamePrefix: 'crud-' }));
    expect(listed.Schedules?.map((schedule) => [schedule.Name, schedule.Target?.Arn])).toEqual([['crud-1', scheduler.targets['request-reminder']]]);
    expect((await view()).schedules.find((schedule) => schedule.name === 'crud-1')).toMatchObject({ kind: 'request-reminder', dueAt: when.toISOString() });

    await client.send(new DeleteScheduleCommand({ Name: 'crud-1', GroupName: LOCAL_SCHEDULE_GROUP }));
    expect(await refusal(client.send(new GetScheduleCommand({ Name: 'crud-1', GroupName: LOCAL_SCHEDULE_GROUP })))).toMatchObject({
      name: 'ResourceNotFoundException',
      status: 404,
    });
  });

  it('refuses what Scheduler refuses, with its error types', async () => {
    const when = inFromNow(3600_000);
    const valid = input('refused-1', when);
    const cases: [string, CreateScheduleCommandInput, string, RegExp][] = [
      ['a name with a space', { ...valid, Name: 'refused 1' }, 'ValidationException', /Name/],
      ['a name over 64 characters', { ...valid, Name: 'r'.repeat(65) }, 'ValidationException', /Name/],
      ['a malformed at()', { ...valid, ScheduleExpression: 'at(2030-03-01 10:00:00)' }, 'ValidationException', /Invalid Schedule Expression/],
      ['a day that does not exist', { ...valid, ScheduleExpression: 'at(2030-02-30T10:00:00)' }, 'ValidationException', /Invalid Schedule Expression/],
      ['a time in the past', { ...valid, ScheduleExpression: 'at(2020-01-01T00:00:00)' }, 'ValidationException', /in the past/],
      ['an unknown time zone', { ...valid, ScheduleExpressionTimezone: 'Mars/Olympus' }, 'ValidationException', /Timezone/],
      ['no target', { ...valid, Target: undefined }, 'ValidationException', /Target is required/],
      ['no role', { ...valid, Target: { ...valid.Target!, RoleArn: undefined } }, 'ValidationException', /RoleArn is required/],
      ['a role that is not an IAM role ARN', { ...valid, Target: { ...valid.Target!, RoleArn: 'scheduler-role' } }, 'ValidationException', /not an IAM role ARN/],
      ['a role it may not pass', { ...valid, Target: { ...valid.Target!, RoleArn: 'arn:aws:iam::000000000000:role/admin' } }, 'AccessDeniedException', /iam:PassRole/],
      ['no flexible time window', { ...valid, FlexibleTimeWindow: undefined }, 'ValidationException', /FlexibleTimeWindow is required/],
      ['a flexible window without its length', { ...valid, FlexibleTimeWindow: { Mode: 'FLEXIBLE' } }, 'ValidationException', /MaximumWindowInMinutes/],
      ['a retry policy out of range', { ...valid, Target: { ...valid.Target!, RetryPolicy: { MaximumRetryAttempts: 186 } } }, 'ValidationException', /MaximumRetryAttempts/],
      ['a dead-letter target that is not a queue', { ...valid, Target: { ...valid.Target!, DeadLetterConfig: { Arn: 'arn:aws:sns:us-east-1:000000000000:x' } } }, 'ValidationException', /SQS/],
      ['an unknown group', { ...valid, GroupName: 'elsewhere' }, 'ResourceNotFoundException', /Schedule group elsewhere does not exist/],
    ];
    for (const [what, request, name, message] of cases) {
      const refused = await refusal(client.send(new CreateScheduleCommand(request)));
      expect({ what, name: refused.name, message: message.test(refused.message) }).toEqual({ what, name, message: true });
    }
    expect(await refusal(client.send(new CreateScheduleCommand({ ...valid, ScheduleExpression: 'rate(5 minutes)' })))).toMatchObject({
      name: 'ValidationException',
    });
    expect((await view()).schedules.map((schedule) => schedule.name)).not.toContain('refused-1');

    await client.send(new CreateScheduleCommand(valid));
    const duplicate = await client.send(new CreateScheduleCommand(valid)).catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(ConflictException);
    const missing = await client.send(new DeleteScheduleCommand({ Name: 'never-made', GroupName: LOCAL_SCHEDULE_GROUP })).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ResourceNotFoundException);
    const update = await client.send(new UpdateScheduleCommand(input('never-made', when))).catch((error: unknown) => error);
    expect(update).toBeInstanceOf(ResourceNotFoundException);
    const badUpdate = await client.send(new UpdateScheduleCommand({ ...valid, ScheduleExpression: 'at(tomorrow)' })).catch((error: unknown) => error);
    expect(badUpdate).toBeInstanceOf(ValidationException);
    await client.send(new DeleteScheduleCommand({ Name: 'refused-1', GroupName: LOCAL_SCHEDULE_GROUP }));
  });

  it('treats a retry of the same create (same ClientToken) as the same request', async () => {
    const request = { ...input('idempotent-1', inFromNow(3600_000)), ClientToken: 'token-1' };
    const first = await client.send(new CreateScheduleCommand(request));
    const again = await client.send(new CreateScheduleCommand(request));
    expect(again.ScheduleArn).toBe(first.ScheduleArn);
    await client.send(new DeleteScheduleCommand({ Name: 'idempotent-1', GroupName: LOCAL_SCHEDULE_GROUP }));
  });

  it('runs a schedule once when its clock reaches it, with the context attributes filled in, then deletes it', async () => {
    const before = receivedEvents().length;
    const when = inFromNow(10 * 60_000);
    const { ScheduleArn } = await client.send(new CreateScheduleCommand(input('fire-1', when)));

    const early = await moveClock({ advanceMs: 5 * 60_000 });
    expect(early.status).toBe(200);
    expect(early.body.runs).toEqual([]);
    expect(receivedEvents()).toHaveLength(before);

    const due = await moveClock({ advanceMs: 6 * 60_000 });
    expect(due.body.runs).toEqual([expect.objectContaining({ name: 'fire-1', kind: 'request-reminder', status: 'succeeded', attempts: 1, payload: { mentorshipId: 'fire-1' } })]);
    const events = receivedEvents().slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]!.event).toEqual({
      kind: 'request-reminder',
      payload: { mentorshipId: 'fire-1' },
      scheduledTime: `${when.toISOString().slice(0, 19)}Z`,
      scheduleArn: ScheduleArn,
      executionId: expect.stringMatching(/^[0-9a-f]{16}$/),
      attemptNumber: '1',
    });
    expect(events[0]!.remaining).toBeGreaterThan(0);
    expect(await refusal(client.send(new GetScheduleCommand({ Name: 'fire-1', GroupName: LOCAL_SCHEDULE_GROUP })))).toMatchObject({ name: 'ResourceNotFoundException' });

    expect((await moveClock({ advanceMs: 24 * 3600_000 })).body.runs).toEqual([]);
    expect(receivedEvents()).toHaveLength(before + 1);
  });

  it('never runs a schedule deleted before it is due', async () => {
    const before = receivedEvents().length;
    await client.send(new CreateScheduleCommand(input('cancelled-1', inFromNow(60_000))));
    await client.send(new DeleteScheduleCommand({ Name: 'cancelled-1', GroupName: LOCAL_SCHEDULE_GROUP }));
    expect((await moveClock({ advanceMs: 3600_000 })).body.runs).toEqual([]);
    expect(receivedEvents()).toHaveLength(before);
    expect((await view()).runs.map((run) => run.name)).not.toContain('cancelled-1');
  });

  it('runs an updated schedule at its new time only', async () => {
    const before = receivedEvents().length;
    await client.send(new CreateScheduleCommand(input('moved-1', inFromNow(60_000))));
    await client.send(new UpdateScheduleCommand(input('moved-1', inFromNow(2 * 3600_000))));
    expect((await moveClock({ advanceMs: 3600_000 })).body.runs).toEqual([]);
    expect((await moveClock({ advanceMs: 3600_000 + 2000 })).body.runs.map((run) => run.name)).toEqual(['moved-1']);
    expect(receivedEvents()).toHaveLength(before + 1);
  });

  it('keeps a schedule without ActionAfterCompletion DELETE after its one run, and never runs it again', async () => {
    await client.send(new CreateScheduleCommand({ ...input('kept-1', inFromNow(60_000)), ActionAfterCompletion: 'NONE' }));
    expect((await moveClock({ advanceMs: 120_000 })).body.runs.map((run) => run.name)).toEqual(['kept-1']);
    expect((await client.send(new GetScheduleCommand({ Name: 'kept-1', GroupName: LOCAL_SCHEDULE_GROUP }))).Name).toBe('kept-1');
    expect((await moveClock({ advanceMs: 120_000 })).body.runs).toEqual([]);
    await client.send(new DeleteScheduleCommand({ Name: 'kept-1', GroupName: LOCAL_SCHEDULE_GROUP }));
  });

  it('retries a failing handler as Lambda does, then keeps the invocation as a dead letter', async () => {
    await client.send(new CreateScheduleCommand(input('failing-1', inFromNow(60_000), 'request-expiry', 'fail-1')));
    const { body } = await moveClock({ advanceMs: 120_000 });
    expect(body.runs).toEqual([expect.objectContaining({ name: 'failing-1', kind: 'request-expiry', status: 'dead-lettered', attempts: 3, error: 'DynamoDB unavailable' })]);
    const [letter] = readFileSync(scheduler.deadLetterFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line) as ScheduleDeadLetter);
    expect(letter).toMatchObject({ name: 'failing-1', handler: 'schedules/request-expiry', attempts: 3, event: { kind: 'request-expiry', payload: { mentorshipId: 'fail-1' } } });
    expect((await view()).deadLetters.map((dead) => dead.name)).toEqual(['failing-1']);
  });

  it('dead-letters a schedule whose target is no function of the schedule table', async () => {
    const request = input('stray-1', inFromNow(60_000));
    await client.send(new CreateScheduleCommand({ ...request, Target: { ...request.Target!, Arn: 'arn:aws:lambda:us-east-1:000000000000:function:elsewhere' } }));
    const { body } = await moveClock({ advanceMs: 120_000 });
    expect(body.runs).toEqual([expect.objectContaining({ name: 'stray-1', kind: null, status: 'dead-lettered', error: expect.stringMatching(/names no schedule kind/) })]);
  });

  it('moves its clock to a given time, forward only', async () => {
    const target = new Date(Date.parse((await view()).now) + 3 * 24 * 3600_000);
    const moved = await moveClock({ now: target.toISOString() });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now) - target.getTime()).toBeGreaterThanOrEqual(0);
    expect((await moveClock({ now: '2020-01-01T00:00:00Z' })).status).toBe(400);
    expect((await moveClock({ advanceMs: -1 })).status).toBe(400);
    expect((await moveClock({})).status).toBe(400);
  });

  it('lets time pass only for the schedules it holds: one set after a move is as far ahead as its caller meant', async () => {
    expect((await moveClock({ advanceMs: 30 * 24 * 3600_000 })).status).toBe(200);
    const when = inFromNow(3600_000);
    await client.send(new CreateScheduleCommand(input('after-move-1', when)));
    expect((await moveClock({ advanceMs: 30 * 60_000 })).body.runs).toEqual([]);
    const moved = await moveClock({ advanceMs: 31 * 60_000 });
    expect(moved.body.message).toBeUndefined();
    const { runs } = moved.body;
    expect(runs.map(({ name, scheduledTime }) => ({ name, scheduledTime }))).toEqual([{ name: 'after-move-1', scheduledTime: `${when.toISOString().slice(0, 19)}Z` }]);
  });

  it('runs due schedules by itself, without a clock move', async () => {
    const soon = inFromNow(1500);
    await client.send(new CreateScheduleCommand(input('timer-1', soon)));
    for (;;) {
      const runs = (await view()).runs.filter((run) => run.name === 'timer-1');
      if (runs.some((run) => run.status === 'succeeded')) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await view()).runs.filter((run) => run.name === 'timer-1')).toHaveLength(1);
  });

  it('keeps its schedules, clock and history across a restart', async () => {
    const when = inFromNow(3600_000);
    await client.send(new CreateScheduleCommand(input('persisted-1', when)));
    const clockBefore = Date.parse((await view()).now);
    const runsBefore = (await view()).runs.length;
    await stop();
    await start();
    const after = await view();
    expect(after.schedules.map((schedule) => schedule.name)).toContain('persisted-1');
    expect(Date.parse(after.now)).toBeGreaterThanOrEqual(clockBefore);
    expect(after.runs).toHaveLength(runsBefore);
    expect(after.deadLetters.map((dead) => dead.name)).toEqual(['failing-1', 'stray-1']);
    expect((await client.send(new GetScheduleCommand({ Name: 'persisted-1', GroupName: LOCAL_SCHEDULE_GROUP }))).ScheduleExpression).toBe(at(when));
    expect((await moveClock({ advanceMs: 2 * 3600_000 })).body.runs.map((run) => run.name)).toEqual(['persisted-1']);
  });

  it('answers Lambda\'s Invoke for its kinds\' functions as Lambda does, running the handler it runs for their schedules', async () => {
    const lambda = new LambdaClient({ endpoint: scheduler.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 1 });
    const event = (mentorshipId: string) => ({ kind: 'request-expiry', payload: { mentorshipId }, scheduledTime: '2030-01-01T10:00:00Z', scheduleArn: 'arn:aws:scheduler:us-east-1:000000000000:schedule/g/n', executionId: 'e1', attemptNumber: '1' });
    const payload = (value: object) => new TextEncoder().encode(JSON.stringify(value));
    const deadLettersBefore = (await view()).deadLetters.length;
    try {
      // By name: the handler gets the event as sent, and the answer is its result.
      const byName = await lambda.send(new InvokeCommand({ FunctionName: 'mentoring-local-schedule-request-expiry', Payload: payload(event('invoked-1')) }));
      expect({ status: byName.StatusCode, error: byName.FunctionError, result: new TextDecoder().decode(byName.Payload) }).toEqual({ status: 200, error: undefined, result: 'null' });
      expect(receivedEvents().find((each) => each.event.payload.mentorshipId === 'invoked-1')?.event).toEqual(event('invoked-1'));

      // By ARN, a handler that throws: 200 with the error, as Lambda answers it; no retry, no dead letter (no schedule ran).
      const failed = await lambda.send(new InvokeCommand({ FunctionName: scheduler.targets['request-expiry'], Payload: payload(event('fail-invoked')) }));
      expect(failed.FunctionError).toBe('Unhandled');
      expect(JSON.parse(new TextDecoder().decode(failed.Payload))).toMatchObject({ errorMessage: 'DynamoDB unavailable' });
      expect((await view()).deadLetters).toHaveLength(deadLettersBefore);

      const queued = await lambda.send(new InvokeCommand({ FunctionName: 'mentoring-local-schedule-request-reminder', InvocationType: 'Event', Payload: payload(event('queued-1')) }));
      expect(queued.StatusCode).toBe(202);
      await expect(lambda.send(new InvokeCommand({ FunctionName: 'mentoring-local-schedule-no-such-kind', Payload: payload({}) }))).rejects.toBeInstanceOf(LambdaNotFound);
    } finally {
      lambda.destroy();
    }
  });
});

describe('local scheduler: weekly kinds', () => {
  const root = mkdtempSync(join(tmpdir(), 'scheduler-weekly-'));
  const received = join(root, 'received.jsonl');
  const dataDir = join(root, 'scheduler');
  const functionsSrc = join(root, 'src');
  const kinds = { 'weekly-digest': { ...schedules['weekly-digest'], handler: 'schedules/weekly-probe' } };
  let scheduler: LocalScheduler;

  const view = async () =>
    (await (await fetch(`${scheduler.endpoint}/_local/schedules`)).json()) as { now: string; schedules: { name: string; dueAt: string }[]; runs: ScheduleRun[] };
  const moveClock = async (body: Record<string, unknown>) =>
    (await (await fetch(`${scheduler.endpoint}/_local/clock`, { method: 'POST', body: JSON.stringify(body) })).json()) as { runs: ScheduleRun[] };

  beforeAll(async () => {
    mkdirSync(join(functionsSrc, 'schedules'), { recursive: true });
    writeFileSync(
      join(functionsSrc, 'schedules/weekly-probe.ts'),
      handler(`(await import('node:fs')).appendFileSync(${JSON.stringify(received)}, JSON.stringify(event) + '\\n');`),
    );
    scheduler = await startLocalScheduler({ functionsSrc, dataDir, region: 'us-east-1', kinds, retryDelaysMs: [10], tickMs: 50 });
  });
  afterAll(async () => {
    await scheduler.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('holds one schedule per weekly kind, from the same definition as the CDK stack, and runs it every week', async () => {
    const before = await view();
    const [schedule] = before.schedules;
    expect(before.schedules).toHaveLength(1);
    expect(schedule!.name).toBe('weekly-digest');
    const due = new Date(schedule!.dueAt);
    // Monday 07:00 UTC, within the coming week.
    expect([due.getUTCDay(), due.getUTCHours(), due.getUTCMinutes()]).toEqual([1, 7, 0]);
    expect(due.getTime() - Date.parse(before.now)).toBeLessThanOrEqual(7 * 86_400_000);

    const first = await moveClock({ now: due.toISOString() });
    expect(first.runs.map((run) => ({ name: run.name, kind: run.kind, status: run.status, scheduledTime: run.scheduledTime }))).toEqual([
      { name: 'weekly-digest', kind: 'weekly-digest', status: 'succeeded', scheduledTime: `${due.toISOString().slice(0, 19)}Z` },
    ]);
    const event = JSON.parse(readFileSync(received, 'utf8').trim().split('\n')[0]!) as { kind: string; payload: unknown; scheduledTime: string };
    expect(event).toMatchObject({ kind: 'weekly-digest', payload: {}, scheduledTime: `${due.toISOString().slice(0, 19)}Z` });

    expect((await view()).schedules[0]!.dueAt).toBe(new Date(due.getTime() + 7 * 86_400_000).toISOString());
    // Two weeks on: it ran twice more, a week apart.
    const later = await moveClock({ advanceMs: 14 * 86_400_000 });
    expect(later.runs.map((run) => run.scheduledTime)).toEqual(
      [7, 14].map((days) => `${new Date(due.getTime() + days * 86_400_000).toISOString().slice(0, 19)}Z`),
    );
  });
});

describe('local scheduler: kinds every few minutes', () => {
  const root = mkdtempSync(join(tmpdir(), 'scheduler-minutes-'));
  const received = join(root, 'received.jsonl');
  const functionsSrc = join(root, 'src');
  const kinds = { 'dashboard-snapshot': { ...schedules['dashboard-snapshot'], handler: 'schedules/minutes-probe' } };
  let scheduler: LocalScheduler;

  const view = async () => (await (await fetch(`${scheduler.endpoint}/_local/schedules`)).json()) as { now: string; schedules: { name: string; dueAt: string }[] };
  const moveClock = async (body: Record<string, unknown>) =>
    (await (await fetch(`${scheduler.endpoint}/_local/clock`, { method: 'POST', body: JSON.stringify(body) })).json()) as { runs: ScheduleRun[] };

  beforeAll(async () => {
    mkdirSync(join(functionsSrc, 'schedules'), { recursive: true });
    writeFileSync(
      join(functionsSrc, 'schedules/minutes-probe.ts'),
      handler(`(await import('node:fs')).appendFileSync(${JSON.stringify(received)}, JSON.stringify(event) + '\\n');`),
    );
    scheduler = await startLocalScheduler({ functionsSrc, dataDir: join(root, 'scheduler'), region: 'us-east-1', kinds, retryDelaysMs: [10], tickMs: 50 });
  });
  afterAll(async () => {
    await scheduler.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it('runs it every 5 minutes, and once (not once per missed interval) when the clock jumps a day', async () => {
    const before = await view();
    expect(before.schedules.map((schedule) => schedule.name)).toEqual(['dashboard-snapshot']);
    const due = Date.parse(before.schedules[0]!.dueAt);
    expect(due - Date.parse(before.now)).toBeGreaterThan(4 * 60_000);
    expect(due - Date.parse(before.now)).toBeLessThanOrEqual(5 * 60_000);

    const first = await moveClock({ now: new Date(due).toISOString() });
    expect(first.runs.map((run) => ({ kind: run.kind, status: run.status }))).toEqual([{ kind: 'dashboard-snapshot', status: 'succeeded' }]);
    expect(Date.parse((await view()).schedules[0]!.dueAt)).toBe(due + 5 * 60_000);

    const dayLater = await moveClock({ advanceMs: 86_400_000 });
    expect(dayLater.runs).toHaveLength(1);
    const after = await view();
    expect(Date.parse(after.schedules[0]!.dueAt) - Date.parse(after.now)).toBeLessThanOrEqual(5 * 60_000);
    expect(readFileSync(received, 'utf8').trim().split('\n').map((line) => (JSON.parse(line) as { kind: string }).kind)).toEqual(['dashboard-snapshot', 'dashboard-snapshot']);
  });
});
