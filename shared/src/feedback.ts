import * as z from 'zod';
import { FIT_CHECK_ANSWERS, SURVEYS, type FitCheckAnswer, type Survey } from './mentoring/sessions';

export const FEEDBACK_TYPES = ['global', 'match'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const MAX_SOURCE_LENGTH = 2048;
export const MAX_ANSWERS = 10;
export const MAX_ANSWER_LENGTH = 5000;
export const RATING_STARS = 5;

/**
 * The current page's path (spec point 3): one leading "/", then no whitespace, control character or backslash.
 * Not "//…" or "/\…": a browser reads those as another host (protocol-relative), and whatever shows the source
 * as a link would send a coordinator there.
 */
export const feedbackSourceSchema = z
  .string()
  .max(MAX_SOURCE_LENGTH)
  .regex(/^\/(?![/\\])[^\s\\\p{Cc}]*$/u, 'must be a path of this site: one "/" first, no backslash');

/** docs/product-spec.md, point 3 and 5: rating and text are optional, there is no client-side validation. */
export const feedbackInputSchema = z.object({
  source: feedbackSourceSchema,
  rating: z.number().int().min(1).max(RATING_STARS).nullable().optional(),
  feedbackType: z.enum(FEEDBACK_TYPES),
  answers: z.array(z.string().max(MAX_ANSWER_LENGTH)).max(MAX_ANSWERS),
  /** Match feedback about one mentorship (the fit check, the closing survey): only its members may send it. */
  mentorshipId: z.string().min(1).max(64).optional(),
  /** Which of the mentorship's surveys this answers (its detail's `surveysDue` says which are due). */
  survey: z.enum(SURVEYS).optional(),
  /** The fit check's answer ("How is this match going?"): required with `survey: 'fit_check'`, refused otherwise. */
  fit: z.enum(FIT_CHECK_ANSWERS).optional(),
});
export type FeedbackInput = z.infer<typeof feedbackInputSchema>;

export interface FeedbackItem {
  id: string;
  source: string;
  rating: number | null;
  feedbackType: FeedbackType;
  answers: string[];
  userId: string | null;
  /** The mentorship match feedback is about (its members only). */
  mentorshipId?: string;
  survey?: Survey;
  fit?: FitCheckAnswer;
  createdAt: string;
}
