/**
 * The mentorship's state machine without zod: its states, reasons and transitions are pure data and
 * functions, so the SPA imports them (`@mentoring/shared/mentorship`) without the schema library.
 * mentorship.ts re-exports all of it next to the schemas.
 */
/** The states of one mentorship, from the first request to its end (docs/domain.md, "The mentorship and its life cycle"). */
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

/** The reasons a member chooses from when declining. */
export const DECLINE_REASONS = {
  no_time: 'No time right now',
  not_my_area: 'Not my area',
  someone_else: 'Someone else would suit better',
  other: 'Other',
} as const;
export type DeclineReason = keyof typeof DECLINE_REASONS;

/**
 * Why a request or proposal ended DECLINED: a member's reason, or the programme's own when the mentor's last
 * place was taken and their other open requests were answered at once.
 */
export const DECLINED_REASONS = { ...DECLINE_REASONS, no_places: 'No places left' } as const;
export type DeclinedReason = keyof typeof DECLINED_REASONS;

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
  /** The system declines a request when the mentor's last place is taken (reason no_places). */
  decline: { from: ['REQUESTED', 'PROPOSED'], to: 'DECLINED', by: ['mentor', 'mentee', 'system'] },
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
 * Who may decline: the receiving side only. A mentee's request is declined by the mentor (or the system, for a
 * mentor with no place left); a coordinator's proposal by either member. `decline` lists every side, so the
 * state decides which one receives.
 */
const receivingSide = (state: MentorshipState, actor: Actor) =>
  state === 'REQUESTED' ? actor === 'mentor' || actor === 'system' : actor !== 'system';

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

/** How each state reads to members and coordinators (pages, e-mails). */
export const MENTORSHIP_STATE_LABELS: Record<MentorshipState, string> = {
  REQUESTED: 'Waiting for an answer',
  PROPOSED: 'Proposed by a coordinator',
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  COMPLETED: 'Completed',
  ENDED: 'Ended early',
  DECLINED: 'Declined',
  WITHDRAWN: 'Withdrawn',
  EXPIRED: 'Expired without an answer',
  INVALIDATED: 'Closed: matched with another mentor',
};
