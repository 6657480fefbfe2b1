import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { summariesOf, listBy, type MentorshipRecord } from '../../mentorships';

const OPEN = new Set(['REQUESTED', 'PROPOSED']);

/** The viewer's mentorships: open requests and proposals first (the inbox), then the rest, latest change first. */
export const handler = httpHandler(routeIn(mentorshipsRoutes, 'GET /api/mentorships'), async ({ query, identity }) => {
  const sides = query.as ? [query.as] : (['mentor', 'mentee'] as const);
  const lists = await Promise.all(sides.map((side) => listBy(side === 'mentor' ? 'byMentor' : 'byMentee', identity.sub, { states: query.states })));
  const records = lists.flat().sort((a: MentorshipRecord, b: MentorshipRecord) => {
    const open = Number(OPEN.has(b.state)) - Number(OPEN.has(a.state));
    return open || b.updatedAt.localeCompare(a.updatedAt);
  });
  return { mentorships: await summariesOf(records, (record) => (record.mentorId === identity.sub ? 'mentor' : 'mentee')) };
});
