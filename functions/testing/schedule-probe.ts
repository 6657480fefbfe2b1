/**
 * Test-only schedule handler: records every invocation it gets, through the real scheduleHandler, to the file
 * SCHEDULE_PROBE_FILE. The local stage runs it for a kind when told to (LOCAL_SCHEDULE_HANDLERS), so the
 * integration tests can watch schedules fire without the kind's real handler and its data.
 */
import { appendFileSync } from 'node:fs';
import type { Context } from 'aws-lambda';
import { schedules, type ScheduleKind } from '@mentoring/shared';
import { requiredEnv } from '../src/lib/env';
import { scheduleHandler } from '../src/lib/schedule-handler';

export const handler = async (event: unknown, context: Context) => {
  const kind = (event as { kind?: string } | null)?.kind;
  if (!kind || !(kind in schedules)) throw new Error(`The probe got no schedule kind: ${JSON.stringify(event)}`);
  await scheduleHandler(kind as ScheduleKind, async ({ kind: ran, payload, scheduledTime, scheduleName, executionId, attemptNumber }) => {
    appendFileSync(requiredEnv('SCHEDULE_PROBE_FILE'), `${JSON.stringify({ kind: ran, payload, scheduledTime, scheduleName, executionId, attemptNumber })}\n`);
  })(event, context);
};
