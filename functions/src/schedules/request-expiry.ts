import { scheduleHandler } from '../lib/schedules-handler';
import { expire } from '../lib/mentorships/service';

/** A request's time is up: expired if still unanswered, else nothing (see service.expire). */
export const handler = scheduleHandler('request-expiry', ({ mentorshipId }) => expire(mentorshipId));
