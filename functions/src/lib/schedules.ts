/**
 * Setting and cancelling one-time schedules (shared/src/schedules.ts). The same calls reach EventBridge
 * Scheduler in AWS and the local stage's stand-in (AWS_ENDPOINT_URL_SCHEDULER), so this code is the same in both.
 *
 * - `scheduleOnce(kind, name, at, payload)`: creates (or replaces) the schedule `name` that invokes the kind's
 *   function once at `at` with `payload` (checked against the kind's schema here, not when it fires). Names are
 *   unique per stage and must match SCHEDULE_NAME_PATTERN (letters, digits, `-`, `_`, `.`; at most 64), e.g.
 *   `request-expiry-<mentorshipId>`. A time that has passed, or is less than a minute away, runs about a minute
 *   from now: Scheduler's precision is one minute, so a caller that would rather skip a past time (a reminder
 *   for a session that starts sooner than the reminder's lead) checks before calling. The schedule deletes itself
 *   after it has run.
 * - `cancelSchedule(name)`: deletes it; a schedule that has already run or never existed is not an error.
 *
 * The function receives `{ kind, payload, scheduledTime, scheduleArn, executionId, attemptNumber }`; wrap it
 * with `scheduleHandler` (./schedule-handler.ts), which checks all of that and sets a run that came early again.
 */
import {
  ConflictException,
  CreateScheduleCommand,
  DeleteScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  UpdateScheduleCommand,
  type CreateScheduleCommandInput,
} from '@aws-sdk/client-scheduler';
import { SCHEDULE_NAME_PATTERN, scheduleEnv, schedules, scheduleTargetInput, type ScheduleKind, type SchedulePayload } from '@mentoring/shared';
import { requiredEnv } from './env';
import { sdkClientConfig } from './aws-clients';

export type ScheduleOnce = <K extends ScheduleKind>(kind: K, name: string, at: Date, payload: SchedulePayload<K>) => Promise<void>;
export type CancelSchedule = (name: string) => Promise<void>;

/** The earliest a schedule may run, from now: Scheduler invokes within the minute, and may refuse a past time. */
export const MIN_LEAD_MS = 60_000;
/**
 * Scheduler's own retries when it cannot deliver (Lambda throttling or unavailable); a handler that throws is
 * retried by Lambda's asynchronous invocation instead (twice), then lands in the same dead-letter queue.
 */
export const SCHEDULE_RETRY_POLICY = { MaximumRetryAttempts: 10, MaximumEventAgeInSeconds: 6 * 3600 } as const;

const client = new SchedulerClient(sdkClientConfig({ maxAttempts: 3 }));

/**
 * Scheduler's one-time expression: `at(yyyy-mm-ddThh:mm:ss)`, read in ScheduleExpressionTimezone (UTC here). It
 * holds whole seconds, so a time with milliseconds rounds up: a run at the due second finds its time has come.
 */
export const atExpression = (at: Date) => `at(${new Date(Math.ceil(at.getTime() / 1000) * 1000).toISOString().slice(0, 19)})`;

const targetArn = (kind: ScheduleKind) => {
  const raw = requiredEnv(scheduleEnv.targets);
  let targets: Record<string, unknown>;
  try {
    targets = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    throw new Error(`${scheduleEnv.targets} is not a JSON object of schedule kinds to function ARNs`);
  }
  const arn = targets[kind];
  if (typeof arn !== 'string' || !arn) throw new Error(`${scheduleEnv.targets} has no target for the schedule kind ${kind}`);
  return arn;
};

const checkName = (name: string) => {
  if (!SCHEDULE_NAME_PATTERN.test(name)) {
    throw new Error(`Schedule name "${name}" must be 1 to 64 letters, digits, '-', '_' or '.'`);
  }
};

export const scheduleOnce: ScheduleOnce = async (kind, name, at, payload) => {
  checkName(name);
  if (Number.isNaN(at.getTime())) throw new Error(`Schedule ${name}: the time is not a valid date`);
  const definition = schedules[kind];
  const checked = definition.payload.safeParse(payload);
  if (!checked.success) throw new Error(`Schedule ${name}: the payload does not fit the ${kind} schema: ${JSON.stringify(checked.error.issues)}`);
  const runAt = new Date(Math.max(at.getTime(), Date.now() + MIN_LEAD_MS));
  const input: CreateScheduleCommandInput = {
    Name: name,
    GroupName: requiredEnv(scheduleEnv.groupName),
    ScheduleExpression: atExpression(runAt),
    ScheduleExpressionTimezone: 'UTC',
    FlexibleTimeWindow: { Mode: 'OFF' },
    ActionAfterCompletion: 'DELETE',
    State: 'ENABLED',
    Target: {
      Arn: targetArn(kind),
      RoleArn: requiredEnv(scheduleEnv.roleArn),
      Input: scheduleTargetInput(kind, checked.data as SchedulePayload<typeof kind>),
      RetryPolicy: { ...SCHEDULE_RETRY_POLICY },
      DeadLetterConfig: { Arn: requiredEnv(scheduleEnv.deadLetterArn) },
    },
  };
  try {
    await client.send(new CreateScheduleCommand(input));
    return;
  } catch (error) {
    if (!(error instanceof ConflictException)) throw error;
  }
  // The name exists: replace it. If it ran or was cancelled in between, create it after all.
  try {
    await client.send(new UpdateScheduleCommand(input));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
    await client.send(new CreateScheduleCommand(input));
  }
};

export const cancelSchedule: CancelSchedule = async (name) => {
  checkName(name);
  try {
    await client.send(new DeleteScheduleCommand({ Name: name, GroupName: requiredEnv(scheduleEnv.groupName) }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return;
    throw error;
  }
};
