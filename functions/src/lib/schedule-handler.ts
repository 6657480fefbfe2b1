import middy from '@middy/core';
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';
import type { Context } from 'aws-lambda';
import { scheduleInvocationSchema, scheduleNameFromArn, schedules, type ScheduleKind, type SchedulePayload } from '@mentoring/shared';
import { logger, metrics } from './powertools';
import { emitMetric } from './metrics';

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
 * The plumbing of a schedule kind's function (functions/src/schedules/*): Powertools logging and metrics, and
 * the invocation checked against the kind's payload schema. Anything that does not fit throws, so it ends in the
 * schedules' dead-letter queue for a look; so does an error the handler throws, after Lambda's retries. Runs can
 * repeat (at-least-once delivery): make the handler's writes conditional.
 */
export const scheduleHandler = <K extends ScheduleKind>(kind: K, run: (request: ScheduledRequest<K>) => Promise<void>) =>
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
        await run({
          kind,
          payload: payload.data as SchedulePayload<K>,
          scheduledTime: new Date(data.scheduledTime),
          scheduleName,
          executionId: data.executionId,
          attemptNumber: data.attemptNumber,
          context,
        });
        emitMetric('ScheduleRan', 1);
      } finally {
        logger.resetKeys();
      }
    });
