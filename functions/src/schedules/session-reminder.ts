import { scheduleHandler } from '../lib/schedule-handler';
import { sendReminder } from '../sessions';
import { sendGroupReminder } from '../group-sessions';

export const handler = scheduleHandler('session-reminder', async ({ payload }) => {
  if ('groupSessionId' in payload) await sendGroupReminder(payload);
  else await sendReminder(payload);
});
