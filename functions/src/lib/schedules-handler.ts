import { schedules, type ScheduleKind, type SchedulePayload } from '@mentoring/shared';
import { logger } from './powertools';

export interface ScheduleInvocation {
  kind: string;
  payload: unknown;
}

/**
 * A schedule's function: the payload is checked against its kind's schema (a bad one throws, so it ends in
 * the schedule's dead letters), and the work must be idempotent, since a schedule may fire more than once.
 */
export const scheduleHandler =
  <K extends ScheduleKind, R>(kind: K, run: (payload: SchedulePayload<K>) => Promise<R>) =>
  async (invocation: ScheduleInvocation): Promise<R> => {
    if (invocation?.kind !== kind) throw new Error(`This function handles "${kind}" schedules, not "${String(invocation?.kind)}"`);
    const parsed = schedules[kind].payload.safeParse(invocation.payload);
    if (!parsed.success) throw new Error(`A "${kind}" schedule has an unexpected payload: ${JSON.stringify(parsed.error.issues)}`);
    logger.appendKeys({ schedule: kind });
    try {
      return await run(parsed.data as SchedulePayload<K>);
    } finally {
      logger.resetKeys();
    }
  };
