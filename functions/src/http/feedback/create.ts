import { randomUUID } from 'node:crypto';
import { MetricUnit } from '@aws-lambda-powertools/metrics';
import { route, type FeedbackItem } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { saveFeedback } from '../../lib/repositories/feedback';
import { metrics } from '../../lib/powertools';

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
  metrics.addMetric('FeedbackSubmitted', MetricUnit.Count, 1);
  return { id: item.id };
});
