import { randomUUID } from 'node:crypto';
import { route, type FeedbackItem } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getMentorship, sideOf } from '../../lib/repositories/mentorships';
import { saveFeedback } from '../../lib/repositories/feedback';
import { emitMetric } from '../../lib/metrics';
import { uuidFrom } from '../../lib/http/idempotency';
import { ignoreStale } from '../../lib/dynamo';

export const handler = httpHandler(route('POST /api/feedback'), async ({ body, identity, idempotencyScope }) => {
  if (body.mentorshipId !== undefined) {
    if (body.feedbackType !== 'match') throw new HttpError('validation_failed', 'Only match feedback can name a mentorship.');
    if (!identity) throw new HttpError('unauthenticated', 'Sign in to send feedback about a mentorship.');
    const mentorship = await getMentorship(body.mentorshipId);
    if (!mentorship || !sideOf(mentorship, identity.sub)) throw new HttpError('forbidden', 'Only the members of a mentorship can send feedback about it.');
  }
  const item: FeedbackItem = {
    // A keyed create has its id from the key: if a first try was stored but its answer lost (a timeout),
    // the retry finds its own item instead of storing a second one.
    id: idempotencyScope ? uuidFrom(idempotencyScope) : randomUUID(),
    source: body.source,
    rating: body.rating ?? null,
    feedbackType: body.feedbackType,
    answers: body.answers,
    userId: identity?.sub ?? null,
    ...(body.mentorshipId ? { mentorshipId: body.mentorshipId } : {}),
    createdAt: new Date().toISOString(),
  };
  const stored = await ignoreStale(() => saveFeedback(item));
  if (!stored && !idempotencyScope) throw new Error('A new feedback id collided with a stored one');
  if (stored) emitMetric('FeedbackSubmitted', 1);
  return { id: item.id };
});
