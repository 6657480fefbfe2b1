import * as z from 'zod';
import { callSummarySchema } from '../calls';
import { memberViewSchema } from './profile';

/** The states of one mentorship, from the first request to its end (DOMAIN.md, "The mentorship and its life cycle"). */
export const MENTORSHIP_STATES = [
  'REQUESTED',
  'PROPOSED',
  'ACTIVE',
  'SUSPENDED',
  'COMPLETED',
  'ENDED',
  'DECLINED',
  'WITHDRAWN',
  'EXPIRED',
  'INVALIDATED',
] as const;
export type MentorshipState = (typeof MENTORSHIP_STATES)[number];

/** A request or proposal still waiting for an answer, or a mentorship under way: at most one per pair. */
export const LIVE_STATES = ['REQUESTED', 'PROPOSED', 'ACTIVE', 'SUSPENDED'] as const satisfies readonly MentorshipState[];
export const OPEN_REQUEST_STATES = ['REQUESTED', 'PROPOSED'] as const satisfies readonly MentorshipState[];

export type Actor = 'mentor' | 'mentee' | 'coordinator' | 'system';

export const DECLINE_REASONS = {
  no_time: 'No time right now',
  not_my_area: 'Not my area',
  someone_else: 'Someone else would suit better',
  other: 'Other',
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;

export const END_REASONS = {
  not_a_good_fit: 'Not a good fit',
  no_time: 'No time any more',
  unresponsive: 'The other person stopped answering',
  goals_met: 'We reached our goals early',
  other: 'Other',
} as const;
export type EndReason = keyof typeof END_REASONS;

/**
 * Every transition, who may make it, and from where. The server checks each one with a conditional write
 * on the state it read; the SPA reads the same table to show only the actions a viewer may take.
 */
export const TRANSITIONS = {
  accept: { from: ['REQUESTED'], to: 'ACTIVE', by: ['mentor'] },
  /** Each side accepts a coordinator's proposal; it becomes ACTIVE when both have. */
  acceptProposal: { from: ['PROPOSED'], to: 'ACTIVE', by: ['mentor', 'mentee'] },
  decline: { from: ['REQUESTED', 'PROPOSED'], to: 'DECLINED', by: ['mentor', 'mentee'] },
  withdraw: { from: ['REQUESTED'], to: 'WITHDRAWN', by: ['mentee'] },
  expire: { from: ['REQUESTED'], to: 'EXPIRED', by: ['system'] },
  invalidate: { from: ['REQUESTED', 'PROPOSED'], to: 'INVALIDATED', by: ['system'] },
  complete: { from: ['ACTIVE'], to: 'COMPLETED', by: ['mentor', 'mentee', 'system'] },
  end: { from: ['ACTIVE', 'SUSPENDED'], to: 'ENDED', by: ['mentor', 'mentee', 'coordinator'] },
  suspend: { from: ['ACTIVE'], to: 'SUSPENDED', by: ['coordinator'] },
  resume: { from: ['SUSPENDED'], to: 'ACTIVE', by: ['coordinator'] },
} as const satisfies Record<string, { from: readonly MentorshipState[]; to: MentorshipState; by: readonly Actor[] }>;
export type MentorshipAction = keyof typeof TRANSITIONS;

/**
 * Who may decline: the receiving side only. A mentee's request is declined by the mentor; a coordinator's
 * proposal by either member. `decline` lists both sides, so the state decides which one receives.
 */
const receivingSide = (state: MentorshipState, actor: Actor) => state !== 'REQUESTED' || actor === 'mentor';

/** Whether `actor` may take `action` on a mentorship in `state` (the state machine, without side effects). */
export const canTransition = (state: MentorshipState, action: MentorshipAction, actor: Actor) => {
  const transition = TRANSITIONS[action];
  if (!(transition.from as readonly MentorshipState[]).includes(state)) return false;
  if (!(transition.by as readonly Actor[]).includes(actor)) return false;
  return action === 'decline' ? receivingSide(state, actor) : true;
};

/** The actions `actor` may take now, in the order the page offers them. */
export const allowedActions = (state: MentorshipState, actor: Actor): MentorshipAction[] =>
  (Object.keys(TRANSITIONS) as MentorshipAction[]).filter((action) => canTransition(state, action, actor));

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
  declineReason: z.enum(Object.keys(DECLINE_REASONS) as [DeclineReason, ...DeclineReason[]]).nullable(),
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
