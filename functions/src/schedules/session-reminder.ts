import { scheduleHandler } from '../lib/schedule-handler';
import { sendReminder } from '../sessions';

export const handler = scheduleHandler('session-reminder', async ({ payload }) => {
  await sendReminder(payload);
});
