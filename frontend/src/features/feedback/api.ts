import type { FeedbackInput } from '@mentoring/shared';

export const FEEDBACK_ENDPOINT = '/api/feedback';

/**
 * POST /api/feedback, with the member's ID token when one is signed in so the message is stored with
 * their user id; resolves on a 2xx, rejects on any other status or a network error. The answer is not read.
 */
export const submitFeedback = async (input: FeedbackInput, idToken: string | null): Promise<void> => {
  const response = await fetch(FEEDBACK_ENDPOINT, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', ...(idToken ? { authorization: `Bearer ${idToken}` } : {}) },
    body: JSON.stringify(input),
  });
  if (!response.ok) throw new Error(`Feedback was not accepted: HTTP ${response.status}`);
};
