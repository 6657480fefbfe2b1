import * as z from 'zod';
import { callSummarySchema } from '../calls';
import { memberViewSchema } from './profile';
import { FIT_CHECK_ANSWERS, SURVEYS } from './sessions';
import { DECLINE_REASONS, DECLINED_REASONS, END_REASONS, MENTORSHIP_STATES, TRANSITIONS, type DeclineReason, type DeclinedReason, type EndReason, type MentorshipAction } from './mentorship-machine';

export * from './mentorship-machine';

export const mentorshipEventSchema = z.object({
  at: z.string(),
  /** The action, or `requested` / `proposed` for the first event. */
  type: z.string(),
  actor: z.enum(['mentor', 'mentee', 'coordinator', 'system']),
  /** The member or coordinator who acted (null for the system). */
  actorId: z.string().nullable(),
  from: z.enum(MENTORSHIP_STATES).nullable(),
  to: z.enum(MENTORSHIP_STATES),
  reason: z.string().nullable(),
  message: z.string().nullable(),
});
export type MentorshipEvent = z.infer<typeof mentorshipEventSchema>;

const partySchema = z.object({ id: z.string(), displayName: z.string(), photoUrl: z.string().nullable(), headline: z.string() });

export const mentorshipSummarySchema = z.object({
  id: z.string(),
  state: z.enum(MENTORSHIP_STATES),
  mentor: partySchema,
  mentee: partySchema,
  /** The viewer's side in it (coordinators see every mentorship as `coordinator`). */
  viewerRole: z.enum(['mentor', 'mentee', 'coordinator']),
  /** The mentee's message with the request, or the coordinator's with a proposal. */
  message: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When an open request expires. */
  expiresAt: z.string().nullable(),
  /** When an active mentorship is planned to end. */
  endsAt: z.string().nullable(),
  declineReason: z.enum(Object.keys(DECLINED_REASONS) as [DeclinedReason, ...DeclinedReason[]]).nullable(),
  declineMessage: z.string().nullable(),
  endReason: z.enum(Object.keys(END_REASONS) as [EndReason, ...EndReason[]]).nullable(),
  /** For a proposal: which sides have accepted so far. */
  acceptedBy: z.array(z.enum(['mentor', 'mentee'])),
});
export type MentorshipSummary = z.infer<typeof mentorshipSummarySchema>;

export const mentorshipDetailSchema = mentorshipSummarySchema.extend({
  /** Both profiles, as the viewer may see them. */
  mentorProfile: memberViewSchema,
  menteeProfile: memberViewSchema,
  events: z.array(mentorshipEventSchema),
  /** The pair's private Stream channel (`messaging:<id>`), once the mentorship has been active. */
  channelCid: z.string().nullable(),
  /** What the viewer may do now (the state machine's `allowedActions`). */
  actions: z.array(z.enum(Object.keys(TRANSITIONS) as [MentorshipAction, ...MentorshipAction[]])),
  /** The surveys the viewer is asked now (the fit check after the first session, the closing one at completion). */
  surveysDue: z.array(z.enum(SURVEYS)),
  /** When the pair's first and latest held sessions started (null before any). */
  firstSessionAt: z.string().nullable(),
  lastSessionAt: z.string().nullable(),
  /** The fit check's answers so far; coordinators see both, a member sees their own. */
  fitCheck: z.object({ mentor: z.enum(FIT_CHECK_ANSWERS).optional(), mentee: z.enum(FIT_CHECK_ANSWERS).optional() }),
});
export type MentorshipDetail = z.infer<typeof mentorshipDetailSchema>;

const message = z.string().trim().max(2000);

export const mentorshipRequestSchema = z.object({
  mentorId: z.string().min(1).max(128),
  message: message.min(1, 'Tell the mentor why you chose them and what you hope for.'),
});
export const mentorshipProposalSchema = z.object({
  mentorId: z.string().min(1).max(128),
  menteeId: z.string().min(1).max(128),
  message: message.min(1, 'Tell both why you propose this pair.'),
});
export const declineSchema = z.object({
  reason: z.enum(Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]]),
  message: message.optional(),
});
export const endSchema = z.object({
  reason: z.enum(Object.keys(END_REASONS) as [EndReason, ...EndReason[]]),
  message: message.optional(),
});

export const mentorshipListQuerySchema = z.object({
  /** Which side of the viewer's mentorships to list (both when absent). */
  as: z.enum(['mentor', 'mentee']).optional(),
  /** Comma-separated states. */
  states: z
    .string()
    .max(200)
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(MENTORSHIP_STATES)))
    .optional(),
});

export const mentorshipListSchema = z.object({ mentorships: z.array(mentorshipSummarySchema) });
export const mentorshipCallsSchema = z.object({ calls: z.array(callSummarySchema) });
