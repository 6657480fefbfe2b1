import type { FeedbackInput } from '@mentoring/shared';
import { api } from '@/lib/api-client';

/**
 * POST /api/feedback, with the member's ID token when one is signed in so the message is stored with
 * their user id; resolves on success, rejects with an ApiError otherwise. The answer is not read.
 */
export const submitFeedback = async (body: FeedbackInput): Promise<void> => {
  await api('POST /api/feedback', { body });
};
