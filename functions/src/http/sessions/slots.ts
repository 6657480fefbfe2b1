import { commonSlots, routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { HttpError } from '../../lib/http/errors';
import { busyIntervals, availabilityOf, mentorshipOfMember, pairOf } from '../../sessions';

const DAY = 24 * 3_600_000;

/** The pair's common free slots over [from, from + days), in UTC; the SPA shows them in the viewer's zone. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'GET /api/mentorships/{id}/slots'), async ({ params, query, identity }) => {
  const record = await mentorshipOfMember(params.id, identity.sub);
  if (record.state !== 'ACTIVE') throw new HttpError('conflict', 'Sessions can be booked only while the mentorship is active.');
  const { mentor, mentee } = await pairOf(record);
  const now = new Date();
  const from = query.from ? new Date(query.from) : now;
  const members = [availabilityOf(mentor), availabilityOf(mentee)];
  const busy = await busyIntervals([record.mentorId, record.menteeId], from.getTime(), from.getTime() + (query.days + 1) * DAY);
  const slots = commonSlots({ members, from, days: query.days, durationMinutes: query.durationMinutes, now, busy });
  return { slots, timezones: { mentor: members[0]!.timezone, mentee: members[1]!.timezone } };
});
