import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lambdaContext } from '#testing/events';
import { atExpression, cancelSchedule, MIN_LEAD_MS, scheduleOnce } from './schedules';
import { scheduleHandler } from './schedule-handler';

const scheduler = mockClient(SchedulerClient);
const ROLE = 'arn:aws:iam::123456789012:role/mentoring-dev-eu-west-1-scheduler';
const DLQ = 'arn:aws:sqs:eu-west-1:123456789012:mentoring-dev-schedule-dead-letters';
const TARGETS = {
  'request-reminder': 'arn:aws:lambda:eu-west-1:123456789012:function:mentoring-dev-schedule-request-reminder',
  'request-expiry': 'arn:aws:lambda:eu-west-1:123456789012:function:mentoring-dev-schedule-request-expiry',
  'mentorship-end': 'arn:aws:lambda:eu-west-1:123456789012:function:mentoring-dev-schedule-mentorship-end',
};
const NOW = new Date('2026-03-01T10:00:00.000Z');

const expectedInput = (at: string, kind = 'request-expiry', payload: unknown = { mentorshipId: 'm-1' }) => ({
  Name: 'request-expiry-m-1',
  GroupName: 'mentoring-dev',
  ScheduleExpression: `at(${at})`,
  ScheduleExpressionTimezone: 'UTC',
  FlexibleTimeWindow: { Mode: 'OFF' },
  ActionAfterCompletion: 'DELETE',
  State: 'ENABLED',
  Target: {
    Arn: TARGETS[kind as keyof typeof TARGETS],
    RoleArn: ROLE,
    Input: JSON.stringify({
      kind,
      payload,
      scheduledTime: '<aws.scheduler.scheduled-time>',
      scheduleArn: '<aws.scheduler.schedule-arn>',
      executionId: '<aws.scheduler.execution-id>',
      attemptNumber: '<aws.scheduler.attempt-number>',
    }),
    RetryPolicy: { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 21600 },
    DeadLetterConfig: { Arn: DLQ },
  },
});

beforeEach(() => {
  scheduler.reset();
  vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
  Object.assign(process.env, {
    SCHEDULE_GROUP_NAME: 'mentoring-dev',
    SCHEDULER_ROLE_ARN: ROLE,
    SCHEDULE_DEAD_LETTER_ARN: DLQ,
    SCHEDULE_TARGETS: JSON.stringify(TARGETS),
  });
});
afterEach(() => vi.useRealTimers());

describe('scheduleOnce', () => {
  it('creates a one-time UTC schedule in the stage group that invokes the kind\'s function with the payload, then deletes itself', async () => {
    scheduler.on(CreateScheduleCommand).resolves({ ScheduleArn: 'arn' });
    await scheduleOnce('request-expiry', 'request-expiry-m-1', new Date('2026-03-15T10:00:00Z'), { mentorshipId: 'm-1' });
    const calls = scheduler.commandCalls(CreateScheduleCommand);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.args[0].input).toEqual(expectedInput('2026-03-15T10:00:00'));
    expect(scheduler.commandCalls(UpdateScheduleCommand)).toHaveLength(0);
  });

  it('rounds a time with milliseconds up to the next second, so the run at the due second is not early', async () => {
    expect(atExpression(new Date('2026-03-15T10:00:00.250Z'))).toBe('at(2026-03-15T10:00:01)');
    expect(atExpression(new Date('2026-03-15T10:00:59.999Z'))).toBe('at(2026-03-15T10:01:00)');
    expect(atExpression(new Date('2026-03-15T10:00:00.000Z'))).toBe('at(2026-03-15T10:00:00)');
  });

  it('targets each kind\'s own function', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});
    await scheduleOnce('request-reminder', 'request-expiry-m-1', new Date('2026-03-08T10:00:00Z'), { mentorshipId: 'm-1' });
    expect(scheduler.commandCalls(CreateScheduleCommand)[0]!.args[0].input.Target).toEqual(
      expectedInput('2026-03-08T10:00:00', 'request-reminder').Target,
    );
  });

  it('runs a time that has passed, or is under a minute away, a minute from now', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});
    await scheduleOnce('request-expiry', 'request-expiry-m-1', new Date('2026-02-01T00:00:00Z'), { mentorshipId: 'm-1' });
    await scheduleOnce('request-expiry', 'request-expiry-m-1', new Date(NOW.getTime() + 30_000), { mentorshipId: 'm-1' });
    const expressions = scheduler.commandCalls(CreateScheduleCommand).map((call) => call.args[0].input.ScheduleExpression);
    expect(expressions).toEqual([atExpression(new Date(NOW.getTime() + MIN_LEAD_MS)), 'at(2026-03-01T10:01:00)']);
  });

  it('replaces a schedule of the same name (ConflictException: UpdateSchedule with the same input)', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }));
    scheduler.on(UpdateScheduleCommand).resolves({});
    await scheduleOnce('request-expiry', 'request-expiry-m-1', new Date('2026-03-15T10:00:00Z'), { mentorshipId: 'm-1' });
    expect(scheduler.commandCalls(UpdateScheduleCommand)[0]!.args[0].input).toEqual(expectedInput('2026-03-15T10:00:00'));
  });

  it('creates it after all when it ran or was cancelled between the conflict and the update', async () => {
    scheduler
      .on(CreateScheduleCommand)
      .rejectsOnce(new ConflictException({ message: 'exists', Message: 'exists', $metadata: {} }))
      .resolves({});
    scheduler.on(UpdateScheduleCommand).rejects(new ResourceNotFoundException({ message: 'gone', Message: 'gone', $metadata: {} }));
    await scheduleOnce('request-expiry', 'request-expiry-m-1', new Date('2026-03-15T10:00:00Z'), { mentorshipId: 'm-1' });
    expect(scheduler.commandCalls(CreateScheduleCommand)).toHaveLength(2);
  });

  it('passes any other refusal on', async () => {
    scheduler.on(CreateScheduleCommand).rejects(new ValidationException({ message: 'Invalid Schedule Expression', Message: 'Invalid Schedule Expression', $metadata: {} }));
    await expect(scheduleOnce('request-expiry', 'request-expiry-m-1', new Date('2026-03-15T10:00:00Z'), { mentorshipId: 'm-1' })).rejects.toThrow(
      'Invalid Schedule Expression',
    );
  });

  it('refuses, before calling AWS, a bad name, an invalid date, a payload off its schema and a missing setting', async () => {
    const at = new Date('2026-03-15T10:00:00Z');
    await expect(scheduleOnce('request-expiry', 'request expiry/m-1', at, { mentorshipId: 'm-1' })).rejects.toThrow(/must be 1 to 64/);
    await expect(scheduleOnce('request-expiry', 'x'.repeat(65), at, { mentorshipId: 'm-1' })).rejects.toThrow(/must be 1 to 64/);
    await expect(scheduleOnce('request-expiry', 'r-1', new Date('nope'), { mentorshipId: 'm-1' })).rejects.toThrow(/not a valid date/);
    await expect(scheduleOnce('request-expiry', 'r-1', at, { mentorship: 'm-1' } as never)).rejects.toThrow(/does not fit the request-expiry schema/);
    delete process.env.SCHEDULE_TARGETS;
    await expect(scheduleOnce('request-expiry', 'r-1', at, { mentorshipId: 'm-1' })).rejects.toThrow('SCHEDULE_TARGETS is not set');
    process.env.SCHEDULE_TARGETS = JSON.stringify({ 'request-reminder': TARGETS['request-reminder'] });
    await expect(scheduleOnce('request-expiry', 'r-1', at, { mentorshipId: 'm-1' })).rejects.toThrow(/no target for the schedule kind request-expiry/);
    expect(scheduler.calls()).toHaveLength(0);
  });
});

describe('cancelSchedule', () => {
  it('deletes the schedule from the stage group', async () => {
    scheduler.on(DeleteScheduleCommand).resolves({});
    await cancelSchedule('request-expiry-m-1');
    expect(scheduler.commandCalls(DeleteScheduleCommand)[0]!.args[0].input).toEqual({ Name: 'request-expiry-m-1', GroupName: 'mentoring-dev' });
  });

  it('takes a schedule that already ran or never existed as cancelled', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(new ResourceNotFoundException({ message: 'Schedule request-expiry-m-1 does not exist.', Message: 'Schedule request-expiry-m-1 does not exist.', $metadata: {} }));
    await expect(cancelSchedule('request-expiry-m-1')).resolves.toBeUndefined();
  });

  it('passes any other failure on', async () => {
    scheduler.on(DeleteScheduleCommand).rejects(new Error('throttled'));
    await expect(cancelSchedule('request-expiry-m-1')).rejects.toThrow('throttled');
  });
});

describe('scheduleHandler', () => {
  const invocation = (overrides: Record<string, unknown> = {}) => ({
    kind: 'request-expiry',
    payload: { mentorshipId: 'm-1' },
    scheduledTime: '2026-03-15T10:00:00Z',
    scheduleArn: 'arn:aws:scheduler:eu-west-1:123456789012:schedule/mentoring-dev/request-expiry-m-1',
    executionId: 'd32c5kddcf5bb8c3',
    attemptNumber: '1',
    ...overrides,
  });

  it('hands the handler the checked payload, the due time and the schedule\'s name', async () => {
    const run = vi.fn(async () => undefined);
    await scheduleHandler('request-expiry', run)(invocation(), lambdaContext());
    expect(run).toHaveBeenCalledWith(
      expect.objectContaining({
        kind: 'request-expiry',
        payload: { mentorshipId: 'm-1' },
        scheduledTime: new Date('2026-03-15T10:00:00Z'),
        scheduleName: 'request-expiry-m-1',
        executionId: 'd32c5kddcf5bb8c3',
        attemptNumber: 1,
      }),
    );
  });

  it('throws (so the invocation is retried, then dead-lettered) on another kind, a bad payload or a non-invocation', async () => {
    const run = vi.fn(async () => undefined);
    const handler = scheduleHandler('request-expiry', run);
    await expect(handler(invocation({ kind: 'mentorship-end' }), lambdaContext())).rejects.toThrow(/invoked for a mentorship-end schedule/);
    await expect(handler(invocation({ payload: {} }), lambdaContext())).rejects.toThrow(/unexpected payload/);
    await expect(handler({ detail: {} }, lambdaContext())).rejects.toThrow(/Not a schedule invocation/);
    await expect(handler(invocation({ scheduledTime: '<aws.scheduler.scheduled-time>' }), lambdaContext())).rejects.toThrow(/Not a schedule invocation/);
    expect(run).not.toHaveBeenCalled();
  });

  it('sets a run that is not due yet again, under its own name, for the time it answers', async () => {
    scheduler.on(CreateScheduleCommand).resolves({});
    const handler = scheduleHandler('request-expiry', async () => ({ rearmAt: new Date('2026-03-20T10:00:00Z') }));
    await handler(invocation(), lambdaContext());
    const created = scheduler.commandCalls(CreateScheduleCommand).map((call) => call.args[0].input);
    expect(created).toEqual([expectedInput('2026-03-20T10:00:00')]);
  });

  it('sets nothing again after a run that did its work', async () => {
    await scheduleHandler('request-expiry', async () => undefined)(invocation(), lambdaContext());
    expect(scheduler.commandCalls(CreateScheduleCommand)).toHaveLength(0);
  });

  it('passes the handler\'s own error on', async () => {
    const handler = scheduleHandler('request-expiry', async () => {
      throw new Error('DynamoDB unavailable');
    });
    await expect(handler(invocation(), lambdaContext())).rejects.toThrow('DynamoDB unavailable');
  });
});
