import { scheduleHandler } from '../lib/schedules-handler';
import { completeAtEnd } from '../lib/mentorships/service';

export const handler = scheduleHandler('mentorship-end', async ({ mentorshipId }) => ({ completed: await completeAtEnd(mentorshipId) }));
