import { scheduleHandler } from '../lib/schedule-handler';
import { remind } from '../mentorships/lifecycle/service';

export const handler = scheduleHandler('request-reminder', async ({ payload }) => {
  await remind(payload.mentorshipId);
});
