import * as z from 'zod';
import { FEEDBACK_TYPES } from '../feedback';
import { GROUP_SESSION_KINDS, GROUP_SESSION_STATES } from '../group-sessions/constants';
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

/** The most attention rows one page of GET /api/coordinator/dashboard holds, and how many without `limit`. */
export const ATTENTION_PAGE_MAX = 500;
export const ATTENTION_PAGE_DEFAULT = 50;

/** GET /api/coordinator/dashboard: the attention list a page at a time (`cursor` is the previous page's `nextCursor`). */
export const dashboardQuerySchema = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ATTENTION_PAGE_MAX).optional(),
});

/**
 * A group session as the dashboard and its CSV show it. `taken` are the places signed up for; `attended` those
 * of the audience (not the host, co-hosts or speakers) who joined its call, `averageSeconds` how long each of
 * them stayed on average; both null until it took place (and for a cancelled one).
 */
export const dashboardGroupSessionSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(GROUP_SESSION_KINDS),
  hostName: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  state: z.enum(GROUP_SESSION_STATES),
  capacity: z.number().int(),
  taken: z.number().int(),
  waiting: z.number().int(),
  attended: z.number().int().nullable(),
  averageSeconds: z.number().int().nullable(),
  ratingAverage: z.number().nullable(),
  ratingCount: z.number().int(),
});
export type DashboardGroupSession = z.infer<typeof dashboardGroupSessionSchema>;

/** The stored snapshot: the whole dashboard, every attention row (the API pages it). */
export const dashboardSnapshotSchema = z.object({
  /** When the figures were read: the snapshot's time (a schedule refreshes it every few minutes, a coordinator on demand). */
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
  /**
   * Group sessions: those to come or live (by start), and those over in the last DASHBOARD_GROUP_PAST_DAYS (newest
   * first). A snapshot stored before group sessions were counted reads as none.
   */
  groupSessions: z
    .object({ upcoming: z.array(dashboardGroupSessionSchema), past: z.array(dashboardGroupSessionSchema) })
    .default({ upcoming: [], past: [] }),
  /** What the reads cost (DynamoDB consumed read capacity) when the figures were read. */
  readCapacityUnits: z.number(),
  /** How long computing the snapshot took, in ms. */
  computeMs: z.number().optional(),
});
export type DashboardSnapshot = z.infer<typeof dashboardSnapshotSchema>;

/** GET /api/coordinator/dashboard and its refresh: the snapshot with one page of the attention list (the counts stay whole). */
export const dashboardSchema = dashboardSnapshotSchema.extend({
  /** Every attention row of the snapshot (attention holds this page of them). */
  attentionTotal: z.number().int(),
  /** The next page's cursor, or null on the last page. */
  nextCursor: z.string().nullable(),
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
