import { scheduleHandler } from '../lib/schedule-handler';
import { sendMessageEmail } from '../messages';

export const handler = scheduleHandler('message-email', async ({ payload }) => {
  await sendMessageEmail(payload);
});
