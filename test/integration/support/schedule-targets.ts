import { randomBytes } from 'node:crypto';
import { InvokeCommand, LambdaClient } from '@aws-sdk/client-lambda';
import { GetScheduleCommand, ResourceNotFoundException, SchedulerClient } from '@aws-sdk/client-scheduler';
import { inject } from 'vitest';
import { SCHEDULER_CONTEXT, scheduleTargetInput, type ScheduleKind, type SchedulePayload } from '@mentoring/shared';
import { localSchedules, moveScheduleClock } from '../../support/scheduler';

/** Scheduler's scheduled-time: whole seconds, UTC, with a Z (2022-03-22T18:59:43Z). */
const schedulerTime = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

/**
 * Runs a schedule's target as EventBridge Scheduler would when `name` falls due at `scheduledTime`: Lambda's Invoke
 * of the kind's function with the input the product set (shared scheduleTargetInput) and Scheduler's context
 * attributes filled in. AWS has no clock a test can move, so a test that waits for a schedule sends its event
 * instead, with the time the schedule names. On AWS the function is the stage's (STAGE_SCHEDULE_TARGETS, the
 * pipeline's role may invoke it); locally the local scheduler's twin of Lambda's Invoke runs the same handler it
 * runs for its schedules. Answers the handler's result; a handler that throws fails the call with its message.
 */
export const invokeScheduleTarget = async <K extends ScheduleKind>(kind: K, name: string, payload: SchedulePayload<K>, scheduledTime: Date) => {
  const FunctionName = inject('scheduleTargets')[kind];
  if (!FunctionName) throw new Error(`This stage names no function for schedules of kind ${kind} (STAGE_SCHEDULE_TARGETS)`);
  const input = scheduleTargetInput(kind, payload)
    .replaceAll(SCHEDULER_CONTEXT.scheduledTime, schedulerTime(scheduledTime))
    // Handlers read only the schedule's name from its ARN; the account and group are Scheduler's business.
    .replaceAll(SCHEDULER_CONTEXT.scheduleArn, `arn:aws:scheduler:${process.env.AWS_REGION ?? 'us-east-1'}:000000000000:schedule/suite/${name}`)
    .replaceAll(SCHEDULER_CONTEXT.executionId, randomBytes(8).toString('hex'))
    .replaceAll(SCHEDULER_CONTEXT.attemptNumber, '1');
  // As deployed, the environment configures AWS's SDK (AWS_ENDPOINT_URL_LAMBDA is the local twin's); a plain local run
  // reaches the twin on the scheduler's own endpoint.
  const scheduler = inject('scheduler');
  const client = new LambdaClient(
    scheduler && !process.env.AWS_ENDPOINT_URL_LAMBDA
      ? { endpoint: scheduler.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {},
  );
  try {
    const answer = await client.send(new InvokeCommand({ FunctionName, Payload: new TextEncoder().encode(input) }));
    const result = answer.Payload ? (JSON.parse(new TextDecoder().decode(answer.Payload)) as unknown) : null;
    if (answer.FunctionError) throw new Error(`${FunctionName} failed: ${(result as { errorMessage?: string } | null)?.errorMessage ?? answer.FunctionError}`);
    return result;
  } finally {
    client.destroy();
  }
};

/**
 * A schedule of the stage's group as Scheduler's GetSchedule shows it (null once it is gone): when it is due and
 * the input its target gets. On AWS the stage's group (STAGE_SCHEDULE_GROUP); locally the scheduler stand-in, which
 * speaks the same API.
 */
export const stageSchedule = async (name: string) => {
  const GroupName = inject('scheduleGroup');
  if (!GroupName) throw new Error('This stage names no schedule group (STAGE_SCHEDULE_GROUP)');
  const scheduler = inject('scheduler');
  const client = new SchedulerClient(
    scheduler && !process.env.AWS_ENDPOINT_URL_SCHEDULER
      ? { endpoint: scheduler.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }
      : {},
  );
  try {
    const schedule = await client.send(new GetScheduleCommand({ Name: name, GroupName }));
    return { name, expression: schedule.ScheduleExpression!, input: JSON.parse(schedule.Target?.Input ?? '{}') as { kind: string; payload: unknown } };
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return null;
    throw error;
  } finally {
    client.destroy();
  }
};

/** The time an `at(…)` expression names (UTC, which the product's one-time schedules use). */
export const dueAt = (expression: string) => {
  const at = /^at\((.+)\)$/.exec(expression)?.[1];
  if (!at) throw new Error(`Not a one-time schedule: ${expression}`);
  return new Date(`${at}Z`);
};

/**
 * Lets a schedule of the stage's group fall due, a minute after the time it names: on the local stage as itself by
 * moving the scheduler stand-in's clock a minute past when it runs on that clock (its own run, retries and all), and
 * where the stage is reached as deployed (AWS has no clock to move) by invoking its target with the input it holds and the time it names, as Scheduler
 * would. Either way it fails unless the target's handler succeeded.
 */
export const fireSchedule = async (name: string) => {
  const schedule = await stageSchedule(name);
  if (!schedule) throw new Error(`No schedule ${name} in the stage's group`);
  const at = dueAt(schedule.expression);
  const scheduler = inject('scheduler');
  if (scheduler) {
    // On the stand-in's clock, which an earlier test may have moved: a schedule set after that move runs as far
    // ahead of the moved clock as its time is of the wall clock (dueOnClock), not at the time it names.
    const held = await localSchedules(scheduler.endpoint);
    const dueOnClock = Date.parse(held.schedules.find((each) => each.name === name)?.dueOnClock ?? at.toISOString());
    const { runs } = await moveScheduleClock(scheduler.endpoint, { now: new Date(Math.max(dueOnClock + 60_000, Date.parse(held.now), Date.now())) });
    const statuses = runs.filter((run) => run.name === name).map((run) => run.status);
    if (statuses.join() !== 'succeeded') throw new Error(`Schedule ${name} ran ${JSON.stringify(runs.filter((run) => run.name === name))}`);
    return;
  }
  await invokeScheduleTarget(schedule.input.kind as ScheduleKind, name, schedule.input.payload as never, at);
};
