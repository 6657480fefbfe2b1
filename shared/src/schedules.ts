/**
 * One-time schedules the product sets at run time (EventBridge Scheduler in AWS; on the local stage a
 * stand-in driven by this same table, with a clock tests can move). Each kind names the function it
 * invokes and what that function needs, as routes and event rules do.
 */
import * as z from 'zod';
import type { FunctionNeeds } from './needs';

export interface ScheduleDefinition {
  /** Module under functions/src exporting `handler`, invoked with the schedule's payload. */
  handler: string;
  payload: z.ZodType;
  needs: FunctionNeeds;
  memoryMiB?: number;
  timeoutSeconds?: number;
}

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
  /** At a mentorship's planned end: complete it if still active. */
  'mentorship-end': {
    handler: 'schedules/mentorship-end',
    payload: z.object({ mentorshipId: z.string() }),
    needs: {
      tables: { mentorships: ['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem'], members: ['GetItem', 'UpdateItem'] },
      email: true,
      userPool: ['AdminGetUser'],
      schedules: true,
      eventBus: true,
    },
  },
} as const satisfies Record<string, ScheduleDefinition>;

export type ScheduleKind = keyof typeof schedules;
export type SchedulePayload<K extends ScheduleKind> = z.infer<(typeof schedules)[K]['payload']>;
