/**
 * One-time schedules the product sets at run time (EventBridge Scheduler in AWS; on the local stage a
 * stand-in driven by this same table, with a clock tests can move). Each kind names the function it
 * invokes and what that function needs, as routes and event rules do.
 */
import * as z from 'zod';
import { DASHBOARD_REFRESH_MINUTES, dashboardReads } from './coordination/snapshot';
import type { FunctionNeeds } from './needs';

export const WEEKDAYS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** A weekly time in UTC: the one recurrence the product needs so far (the coordinators' digest). */
export interface WeeklyAt {
  weekday: Weekday;
  hour: number;
  minute: number;
}

export interface ScheduleDefinition {
  /** Module under functions/src exporting `handler`, invoked with the schedule's payload. */
  handler: string;
  payload: z.ZodType;
  needs: FunctionNeeds;
  memoryMiB?: number;
  timeoutSeconds?: number;
  /**
   * A recurring kind: one schedule, made by the deployment (CDK's schedules stack; the local stand-in at its
   * start), that fires every week at this time with an empty payload. Kinds without it are one-time schedules
   * that functions set at run time.
   */
  weekly?: WeeklyAt;
  /** A recurring kind, as `weekly`, that fires every so many minutes (EventBridge Scheduler's rate()). */
  everyMinutes?: number;
}

/** The recurrence of a recurring kind, or undefined for a one-time kind. */
export type Recurrence = Pick<ScheduleDefinition, 'weekly' | 'everyMinutes'>;

/** EventBridge Scheduler's rate expression for a recurrence in minutes. */
export const minutesRate = (minutes: number) => `rate(${minutes} ${minutes === 1 ? 'minute' : 'minutes'})`;

/** The expression of a recurring kind's schedule (cron for weekly, rate for minutes), or null for a one-time kind. */
export const recurrenceExpression = ({ weekly, everyMinutes }: Recurrence): string | null =>
  weekly ? weeklyCron(weekly) : everyMinutes ? minutesRate(everyMinutes) : null;

/** Words for the schedule's description. */
export const recurrenceDescription = ({ weekly, everyMinutes }: Recurrence) => (weekly ? 'Every week' : `Every ${everyMinutes} minutes`);

/** EventBridge Scheduler's cron expression (minutes hours day-of-month month day-of-week year) for a weekly time. */
export const weeklyCron = ({ weekday, hour, minute }: WeeklyAt) => `cron(${minute} ${hour} ? * ${weekday} *)`;

/** The first time strictly after `after` at which a weekly schedule fires (UTC). */
export const nextWeekly = ({ weekday, hour, minute }: WeeklyAt, after: Date): Date => {
  const day = WEEKDAYS.indexOf(weekday);
  const candidate = new Date(Date.UTC(after.getUTCFullYear(), after.getUTCMonth(), after.getUTCDate(), hour, minute));
  candidate.setUTCDate(candidate.getUTCDate() + ((day - candidate.getUTCDay() + 7) % 7));
  if (candidate.getTime() <= after.getTime()) candidate.setUTCDate(candidate.getUTCDate() + 7);
  return candidate;
};

/** The first time strictly after `after` at which a recurring kind fires again (rate(): a whole interval on). */
export const nextRecurrence = ({ weekly, everyMinutes }: Recurrence, after: Date): Date => {
  if (weekly) return nextWeekly(weekly, after);
  if (everyMinutes) return new Date(after.getTime() + everyMinutes * 60_000);
  throw new Error('A one-time kind has no recurrence');
};

const reminderLead = z.enum(['24h', '1h']);
export const pairReminderPayload = z.object({ sessionId: z.string(), reminder: reminderLead, sequence: z.number().int().min(0) });
export const groupReminderPayload = z.object({ groupSessionId: z.uuid(), reminder: reminderLead });
export type PairReminderPayload = z.infer<typeof pairReminderPayload>;
export type GroupReminderPayload = z.infer<typeof groupReminderPayload>;

export const schedules = {
  /** Half-way through a request's life: remind the mentor. */
  'request-reminder': {
    handler: 'schedules/request-reminder',
    payload: z.object({ mentorshipId: z.string() }),
    needs: { tables: { mentorships: ['GetItem'], members: ['GetItem'] }, email: true, userPool: ['AdminGetUser'] },
  },
  /** At the end of a request's life: expire it if still unanswered (and pause a mentor who let two expire in a row). */
  'request-expiry': {
    handler: 'schedules/request-expiry',
    payload: z.object({ mentorshipId: z.string() }),
    needs: {
      tables: { mentorships: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], members: ['GetItem', 'UpdateItem'] },
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
    },
  },
  /** At a mentorship's planned end: complete it if still active (its sessions still to come are cancelled). */
  'mentorship-end': {
    handler: 'schedules/mentorship-end',
    payload: z.object({ mentorshipId: z.string() }),
    needs: {
      tables: { mentorships: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], members: ['GetItem', 'BatchGetItem', 'UpdateItem'], sessions: ['Query', 'UpdateItem', 'DeleteItem'] },
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
      eventBus: true,
    },
  },
  /** Every Monday morning (UTC): the coordinators' digest of what needs attention. */
  'weekly-digest': {
    handler: 'schedules/weekly-digest',
    payload: z.object({}),
    weekly: { weekday: 'MON', hour: 7, minute: 0 },
    memoryMiB: 1024,
    timeoutSeconds: 60,
    needs: {
      tables: dashboardReads,
      email: true,
      userPool: ['ListUsersInGroup'],
    },
  },
  /** Every few minutes: the coordinator dashboard's stored snapshot, which the API answers from. */
  'dashboard-snapshot': {
    handler: 'schedules/dashboard-snapshot',
    payload: z.object({}),
    everyMinutes: DASHBOARD_REFRESH_MINUTES,
    memoryMiB: 1024,
    timeoutSeconds: 60,
    needs: { tables: dashboardReads, buckets: { archive: ['PutObject'] } },
  },
  /**
   * 24 h and 1 h before a session. A pair's booked session: e-mail both members (with the pair's open action items);
   * the payload names the booking it was set for (`sequence`): a session changed or cancelled since then gets
   * nothing. A group session (`groupSessionId`): e-mail those on stage and every member with a place when it fires,
   * so one who left meanwhile gets nothing and one who moved up from the waiting list is reminded; a session
   * cancelled since gets nothing. One kind for both: the same lead times, the same e-mail and in-app path, and no
   * second function, dead-letter alarm or idle cost for what is the same job.
   */
  'session-reminder': {
    handler: 'schedules/session-reminder',
    payload: z.union([pairReminderPayload, groupReminderPayload]),
    needs: {
      tables: { sessions: ['GetItem', 'Query', 'UpdateItem'], mentorships: ['GetItem'], members: ['BatchGetItem'], groupSessions: ['Query', 'UpdateItem'] },
      email: true,
      userPool: ['AdminGetUser'],
    },
  },
  /**
   * A conversation's messages still unread the programme's delay after the first of them: one e-mail to the reader
   * naming who wrote, never the text. `since` names the unread spell it was set for: a spell read or e-mailed since
   * sends nothing (functions/src/messages).
   */
  'message-email': {
    handler: 'schedules/message-email',
    payload: z.object({ memberId: z.string().min(1), mentorshipId: z.string().min(1), since: z.iso.datetime() }),
    needs: {
      tables: { notifications: ['GetItem', 'UpdateItem'], mentorships: ['GetItem'], members: ['BatchGetItem'], safeguarding: ['GetItem'] },
      secrets: ['stream'],
      email: true,
      userPool: ['AdminGetUser'],
    },
  },
} as const satisfies Record<string, ScheduleDefinition>;

export type ScheduleKind = keyof typeof schedules;
export type SchedulePayload<K extends ScheduleKind> = z.infer<(typeof schedules)[K]['payload']>;

export const scheduleKinds = () => Object.keys(schedules) as ScheduleKind[];

/** EventBridge Scheduler's rule for schedule (and group) names, which the local stand-in enforces too. */
export const SCHEDULE_NAME_PATTERN = /^[0-9a-zA-Z_.-]{1,64}$/;

/**
 * Scheduler's context attributes: it writes the schedule's values in their place in the target input when it
 * invokes the target (the local stand-in does the same), so a handler knows which schedule fired and for when.
 */
export const SCHEDULER_CONTEXT = {
  scheduledTime: '<aws.scheduler.scheduled-time>',
  scheduleArn: '<aws.scheduler.schedule-arn>',
  executionId: '<aws.scheduler.execution-id>',
  attemptNumber: '<aws.scheduler.attempt-number>',
} as const;

/** The target input of a schedule of `kind`: what the kind's function receives as its event. */
export const scheduleTargetInput = <K extends ScheduleKind>(kind: K, payload: SchedulePayload<K>) =>
  JSON.stringify({ kind, payload, ...SCHEDULER_CONTEXT });

/** The event a schedule's function receives, once Scheduler has filled in the context attributes. */
export const scheduleInvocationSchema = z.object({
  kind: z.string(),
  payload: z.unknown(),
  /** When the schedule was due (not when it ran): handlers decide by this time, so a moved local clock counts. */
  scheduledTime: z.iso.datetime({ offset: true }),
  scheduleArn: z.string(),
  executionId: z.string(),
  attemptNumber: z.coerce.number().int().positive(),
});
export type ScheduleInvocation = z.infer<typeof scheduleInvocationSchema>;

/** The ARN's last segment is the schedule's name (arn:aws:scheduler:<region>:<account>:schedule/<group>/<name>). */
export const scheduleNameFromArn = (arn: string) => arn.slice(arn.lastIndexOf('/') + 1);
