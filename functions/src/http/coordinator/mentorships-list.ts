import { MENTORSHIP_STATES, mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { summariesOf, listBy } from '../../mentorships';

/** Per state, the most recently changed first; without a state, every state's latest, open ones first. */
const PER_STATE = 200;

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'GET /api/coordinator/mentorships'), async ({ query }) => {
  const states = query.state ? [query.state] : MENTORSHIP_STATES;
  const records = (await Promise.all(states.map((state) => listBy('byState', state, { limit: PER_STATE })))).flat();
  const summaries = await summariesOf(records, () => 'coordinator');
  const needle = query.q?.toLocaleLowerCase();
  return {
    mentorships: needle
      ? summaries.filter((summary) => [summary.mentor.displayName, summary.mentee.displayName].some((name) => name.toLocaleLowerCase().includes(needle)))
      : summaries,
  };
});
