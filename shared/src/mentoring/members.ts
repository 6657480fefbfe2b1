import * as z from 'zod';
import { APPROVAL_STATES, ROLES } from './profile';

/** GET /api/coordinator/members: a coordinator's search over members, e.g. the mentees to propose a pair with. */
export const memberSearchQuerySchema = z.object({
  role: z.enum(ROLES).optional(),
  /** Matched against the display name (case-insensitive, anywhere in it). */
  q: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});

/** One row of that search: enough to tell members apart and pick one, never their e-mail address. */
export const memberSummarySchema = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  displayName: z.string(),
  photoUrl: z.string().nullable(),
  headline: z.string(),
  languages: z.array(z.string()),
  timezone: z.string(),
  topics: z.array(z.string()),
  approvalState: z.enum(APPROVAL_STATES),
  /** Whether the member is in an active (or suspended) mentorship now. */
  matched: z.boolean(),
  /** Suspended by a coordinator; absent means not. */
  suspended: z.boolean().optional(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;

export const memberSearchPageSchema = z.object({ members: z.array(memberSummarySchema), nextCursor: z.string().nullable() });
