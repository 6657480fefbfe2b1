import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { Context } from 'aws-lambda';
import { scheduleInvocationSchema, scheduleNameFromArn, schedules, type ScheduleKind, type SchedulePayload } from '@mentoring/shared';
import { logger, metrics } from './powertools';
import { emitMetric } from './metrics';
import { scheduleOnce } from './schedules';

export interface ScheduledRequest<K extends ScheduleKind> {
  kind: K;
  payload: SchedulePayload<K>;
  /** When the schedule was due. Decide by this rather than the wall clock: the local stage's clock can be moved. */
  scheduledTime: Date;
  scheduleName: string;
  /** Unique per attempt (Scheduler's execution id). */
  executionId: string;
  attemptNumber: number;
  context: Context;
}

/**
 * What a run may answer: its work is not due yet at the schedule's time (the thing it waits for moved later, or
 * the schedule fired early), so the same schedule is set again for `rearmAt` instead of being lost.
 */
export type ScheduleOutcome = { rearmAt: Date } | void;

/**
 * The one plumbing of every schedule kind's function (functions/src/schedules/*): Powertools logging and metrics
 * (ScheduleRan per run), and the invocation checked against the kind's payload schema. Anything that does not fit
 * throws, so it ends in the schedules' dead-letter queue for a look; so does an error the handler throws, after
 * Lambda's retries. Handlers decide by `scheduledTime`, never the wall clock. A run that answers `rearmAt` is set
 * again under its own name (a one-time schedule deletes itself once it has run). Runs can repeat (at-least-once
 * delivery): make the handler's writes conditional.
 */
export const scheduleHandler = <K extends ScheduleKind>(kind: K, run: (request: ScheduledRequest<K>) => Promise<ScheduleOutcome>) =>
  middy<unknown, void>()
    .use(injectLambdaContext(logger))
    .use(logMetrics(metrics))
    .handler(async (event, context) => {
      const invocation = scheduleInvocationSchema.safeParse(event);
      if (!invocation.success) throw new Error(`Not a schedule invocation: ${JSON.stringify(invocation.error.issues)}`);
      const { data } = invocation;
      if (data.kind !== kind) throw new Error(`The ${kind} function was invoked for a ${data.kind} schedule (${data.scheduleArn})`);
      const payload = schedules[kind].payload.safeParse(data.payload);
      if (!payload.success) throw new Error(`Schedule ${data.scheduleArn} has an unexpected payload: ${JSON.stringify(payload.error.issues)}`);
      const scheduleName = scheduleNameFromArn(data.scheduleArn);
      logger.appendKeys({ scheduleName, scheduleKind: kind, executionId: data.executionId, attemptNumber: data.attemptNumber });
      try {
        const outcome = await run({
          kind,
          payload: payload.data as SchedulePayload<K>,
          scheduledTime: new Date(data.scheduledTime),
          scheduleName,
          executionId: data.executionId,
          attemptNumber: data.attemptNumber,
          context,
        });
        if (outcome) {
          await scheduleOnce(kind, scheduleName, outcome.rearmAt, payload.data as SchedulePayload<K>);
          logger.info('Not due yet: the schedule is set again', { rearmAt: outcome.rearmAt.toISOString(), scheduledTime: data.scheduledTime });
        }
        emitMetric('ScheduleRan', 1);
      } finally {
        logger.resetKeys();
      }
    });
