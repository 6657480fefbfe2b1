import { scheduleHandler } from '../lib/schedules-handler';
import { remind } from '../lib/mentorships/service';

export const handler = scheduleHandler('request-reminder', async ({ mentorshipId }) => ({ reminded: await remind(mentorshipId) }));
