import { randomUUID } from 'node:crypto';
import { route, type FeedbackItem } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { saveFeedback } from '../../lib/repositories/feedback';
import { emitMetric } from '../../lib/metrics';

export const handler = httpHandler(route('POST /api/feedback'), async ({ body, identity }) => {
  const item: FeedbackItem = {
    id: randomUUID(),
    source: body.source,
    rating: body.rating ?? null,
    feedbackType: body.feedbackType,
    answers: body.answers,
    userId: identity?.sub ?? null,
    createdAt: new Date().toISOString(),
  };
  await saveFeedback(item);
  emitMetric('FeedbackSubmitted', 1);
  return { id: item.id };
});
