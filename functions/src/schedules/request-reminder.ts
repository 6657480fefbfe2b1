import { scheduleHandler } from '../lib/schedule-handler';
import { remind } from '../lifecycle';

export const handler = scheduleHandler('request-reminder', async ({ payload }) => {
  await remind(payload.mentorshipId);
});
