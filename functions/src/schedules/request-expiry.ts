import { scheduleHandler } from '../lib/schedule-handler';
import { expire } from '../lifecycle';

/** A request's time is up: expired if still unanswered, else nothing (see service.expire); early, set again. */
export const handler = scheduleHandler('request-expiry', async ({ payload, scheduledTime }) => {
  const { notBefore } = await expire(payload.mentorshipId, scheduledTime);
  return notBefore ? { rearmAt: notBefore } : undefined;
});
