/**
 * Setting and cancelling one-time schedules (shared/src/schedules.ts). The same calls reach EventBridge
 * Scheduler in AWS and the local stage's stand-in (AWS_ENDPOINT_URL_SCHEDULER).
 *
 * Contract for callers (the implementation lands with the schedules work):
 * - `scheduleOnce(kind, name, at, payload)`: creates (or replaces) the schedule `name` that invokes the kind's
 *   function once at `at` with `payload`; names are unique per stage, e.g. `request-expiry-<mentorshipId>`.
 * - `cancelSchedule(name)`: deletes it; a schedule that has already fired or never existed is not an error.
 */
import type { ScheduleKind, SchedulePayload } from '@mentoring/shared';

export type ScheduleOnce = <K extends ScheduleKind>(kind: K, name: string, at: Date, payload: SchedulePayload<K>) => Promise<void>;
export type CancelSchedule = (name: string) => Promise<void>;

export const scheduleOnce: ScheduleOnce = async () => {
  throw new Error('scheduleOnce is not implemented yet');
};

export const cancelSchedule: CancelSchedule = async () => {
  throw new Error('cancelSchedule is not implemented yet');
};
