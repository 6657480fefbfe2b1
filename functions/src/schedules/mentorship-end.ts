import { scheduleHandler } from '../lib/schedule-handler';
import { completeAtEnd } from '../lifecycle';

/** A mentorship's planned end: completed if still active (see service.completeAtEnd); early, set again. */
export const handler = scheduleHandler('mentorship-end', async ({ payload, scheduledTime }) => {
  const { notBefore } = await completeAtEnd(payload.mentorshipId, scheduledTime);
  return notBefore ? { rearmAt: notBefore } : undefined;
});
