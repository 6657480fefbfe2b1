import type { FeedbackInput } from '@mentoring/shared';

export const FEEDBACK_ENDPOINT = '/api/feedback';

/** POST /api/feedback; resolves on a 2xx, rejects on any other status or a network error. The answer is not read. */
export const submitFeedback = async (input: FeedbackInput): Promise<void> => {
  const response = await fetch(FEEDBACK_ENDPOINT, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`Feedback was not accepted: HTTP ${response.status}`);
};
