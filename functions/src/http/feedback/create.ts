import { randomUUID } from 'node:crypto';
import { route, type FeedbackItem } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getMentorship, sideOf } from '../../lib/repositories/mentorships';
import { saveFeedback } from '../../lib/repositories/feedback';
import { emitMetric } from '../../lib/metrics';

export const handler = httpHandler(route('POST /api/feedback'), async ({ body, identity }) => {
  if (body.mentorshipId !== undefined) {
    if (body.feedbackType !== 'match') throw new HttpError('validation_failed', 'Only match feedback can name a mentorship.');
    if (!identity) throw new HttpError('unauthenticated', 'Sign in to send feedback about a mentorship.');
    const mentorship = await getMentorship(body.mentorshipId);
    if (!mentorship || !sideOf(mentorship, identity.sub)) throw new HttpError('forbidden', 'Only the members of a mentorship can send feedback about it.');
  }
  const item: FeedbackItem = {
    id: randomUUID(),
    source: body.source,
    rating: body.rating ?? null,
    feedbackType: body.feedbackType,
    answers: body.answers,
    userId: identity?.sub ?? null,
    ...(body.mentorshipId ? { mentorshipId: body.mentorshipId } : {}),
    createdAt: new Date().toISOString(),
  };
  await saveFeedback(item);
  emitMetric('FeedbackSubmitted', 1);
  return { id: item.id };
});
