/**
 * The product's own events, published to the same bus as Stream's under their own source, so consumers
 * (Stream identities, e-mail, schedules) are routed by the same rule table in AWS and on the local stage.
 */
import * as z from 'zod';

export const APP_EVENT_SOURCE = 'mentoring';

export const appEventSchemas = {
  /** A member's profile, photo or approval changed: their Stream user is upserted from the stored profile. */
  'member.changed': z.object({ memberId: z.string().min(1), reason: z.enum(['profile', 'photo', 'approval', 'role']) }),
  /**
   * A mentorship that has been active changed state (version = its META version after the change): the pair's
   * Stream channel is created, told and frozen or thawed from the stored record, so a redelivery changes nothing.
   */
  'mentorship.changed': z.object({ mentorshipId: z.string().min(1), version: z.number().int().min(1) }),
} as const;

export type AppEventType = keyof typeof appEventSchemas;
export type AppEventDetail<T extends AppEventType> = z.infer<(typeof appEventSchemas)[T]>;
