import { coordinationRoutes, routeIn } from '@mentoring/shared';
import { listFeedback } from '../../feedback';
import { httpHandler } from '../../lib/http/handler';
import { getParties } from '../../members';

/** The newest this many are listed; feedback is a trickle next to members (one message per member's thought). */
export const MAX_FEEDBACK = 2000;

/** Every feedback message (global and match), newest first, with who sent it. */
export const handler = httpHandler(routeIn(coordinationRoutes, 'GET /api/coordinator/feedback'), async ({ query }) => {
  const items = await listFeedback(query.type);
  const needle = query.q?.toLocaleLowerCase();
  const matching = items
    .filter((item) => query.maxRating === undefined || (typeof item.rating === 'number' && item.rating <= query.maxRating))
    .filter((item) => !needle || item.answers.some((answer) => answer.toLocaleLowerCase().includes(needle)))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id.localeCompare(b.id)));
  const listed = matching.slice(0, MAX_FEEDBACK);
  const senders = await getParties(listed.flatMap((item) => (item.userId ? [item.userId] : [])));
  const rated = listed.flatMap((item) => (typeof item.rating === 'number' ? [item.rating] : []));
  return {
    feedback: listed.map((item) => ({
      id: item.id,
      feedbackType: item.feedbackType,
      rating: item.rating ?? null,
      answers: item.answers ?? [],
      source: item.source,
      mentorshipId: item.mentorshipId ?? null,
      from: item.userId ? { id: item.userId, displayName: senders.get(item.userId)?.displayName ?? 'A former member' } : null,
      createdAt: item.createdAt,
    })),
    averageRating: rated.length ? Math.round((rated.reduce((sum, rating) => sum + rating, 0) / rated.length) * 100) / 100 : null,
    truncated: matching.length > listed.length,
  };
});
