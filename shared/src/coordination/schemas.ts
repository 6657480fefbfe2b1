import * as z from 'zod';
import { FEEDBACK_TYPES } from '../feedback';
import { ATTENTION_KINDS, ATTENTION_LEVELS, FUNNEL_STEPS, QUIET_DAYS } from './dashboard';

export const attentionItemSchema = z.object({
  key: z.string(),
  kind: z.enum(ATTENTION_KINDS),
  level: z.enum(ATTENTION_LEVELS),
  title: z.string(),
  since: z.string(),
  link: z.string(),
  quietDays: z.union(QUIET_DAYS.map((days) => z.literal(days))).optional(),
});

/** GET /api/coordinator/dashboard. */
export const dashboardSchema = z.object({
  /** When the figures were read (they may come from a container's cache of up to DASHBOARD_CACHE_SECONDS). */
  generatedAt: z.string(),
  attention: z.array(attentionItemSchema),
  attentionCounts: z.record(z.enum(ATTENTION_KINDS), z.number().int()),
  funnel: z.object({
    steps: z.array(z.object({ step: z.enum(FUNNEL_STEPS), label: z.string(), count: z.number().int() })),
    medianSignUpToMatchMs: z.number().nullable(),
    matchedWithTimes: z.number().int(),
  }),
  mentorshipsByState: z.record(z.string(), z.number().int()),
  membersByRole: z.object({ mentor: z.number().int(), mentee: z.number().int() }),
  /** What the reads cost (DynamoDB consumed read capacity) when the figures were read. */
  readCapacityUnits: z.number(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** GET /api/coordinator/feedback: every feedback message, global and match, newest first. */
export const feedbackListQuerySchema = z.object({
  type: z.enum(FEEDBACK_TYPES).optional(),
  /** Only messages with this rating or lower (to find the unhappy ones). */
  maxRating: z.coerce.number().int().min(1).max(5).optional(),
  /** Matched against the answers (case-insensitive). */
  q: z.string().trim().max(100).optional(),
});

export const feedbackEntrySchema = z.object({
  id: z.string(),
  feedbackType: z.enum(FEEDBACK_TYPES),
  rating: z.number().int().nullable(),
  answers: z.array(z.string()),
  source: z.string(),
  mentorshipId: z.string().nullable(),
  /** Who sent it (members only; visitors' feedback is anonymous). */
  from: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type FeedbackEntry = z.infer<typeof feedbackEntrySchema>;

export const feedbackListSchema = z.object({
  feedback: z.array(feedbackEntrySchema),
  /** Average rating of the listed messages that have one. */
  averageRating: z.number().nullable(),
  /** True when there were more than the list holds (the newest are shown). */
  truncated: z.boolean(),
});
