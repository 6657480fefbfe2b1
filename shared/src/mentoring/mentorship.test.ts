import { describe, expect, it } from 'vitest';
import {
  allowedActions,
  canTransition,
  declineSchema,
  MENTORSHIP_STATES,
  TRANSITIONS,
  type Actor,
  type MentorshipAction,
  type MentorshipState,
} from './mentorship';
import { mentorshipCallId, mentorshipChannelCid, mentorshipIdOfCall } from './mentorship-calls';

const ACTORS: Actor[] = ['mentor', 'mentee', 'coordinator', 'system'];
const ACTIONS = Object.keys(TRANSITIONS) as MentorshipAction[];

/**
 * docs/domain.md's diagram written out by hand, independently of TRANSITIONS: every move that is allowed, as
 * [from, action, actor, to]. Anything not in this list must be refused.
 */
const ALLOWED: [MentorshipState, MentorshipAction, Actor, MentorshipState][] = [
  ['REQUESTED', 'accept', 'mentor', 'ACTIVE'],
  ['REQUESTED', 'decline', 'mentor', 'DECLINED'],
  // The mentor's last place was taken: their other requests are answered at once ("No places left").
  ['REQUESTED', 'decline', 'system', 'DECLINED'],
  ['REQUESTED', 'withdraw', 'mentee', 'WITHDRAWN'],
  ['REQUESTED', 'expire', 'system', 'EXPIRED'],
  ['REQUESTED', 'invalidate', 'system', 'INVALIDATED'],
  ['PROPOSED', 'acceptProposal', 'mentor', 'ACTIVE'],
  ['PROPOSED', 'acceptProposal', 'mentee', 'ACTIVE'],
  ['PROPOSED', 'decline', 'mentor', 'DECLINED'],
  ['PROPOSED', 'decline', 'mentee', 'DECLINED'],
  ['PROPOSED', 'invalidate', 'system', 'INVALIDATED'],
  ['ACTIVE', 'complete', 'mentor', 'COMPLETED'],
  ['ACTIVE', 'complete', 'mentee', 'COMPLETED'],
  ['ACTIVE', 'complete', 'system', 'COMPLETED'],
  ['ACTIVE', 'end', 'mentor', 'ENDED'],
  ['ACTIVE', 'end', 'mentee', 'ENDED'],
  ['ACTIVE', 'end', 'coordinator', 'ENDED'],
  ['ACTIVE', 'suspend', 'coordinator', 'SUSPENDED'],
  ['SUSPENDED', 'resume', 'coordinator', 'ACTIVE'],
  ['SUSPENDED', 'end', 'mentor', 'ENDED'],
  ['SUSPENDED', 'end', 'mentee', 'ENDED'],
  ['SUSPENDED', 'end', 'coordinator', 'ENDED'],
];

const key = (state: string, action: string, actor: string) => `${state} ${action} ${actor}`;
const allowed = new Map(ALLOWED.map(([from, action, actor, to]) => [key(from, action, actor), to]));

const every = MENTORSHIP_STATES.flatMap((state) => ACTIONS.flatMap((action) => ACTORS.map((actor) => [state, action, actor] as const)));

describe('the mentorship state machine', () => {
  it.each(ALLOWED)('%s: %s by %s is allowed and leads to %s', (from, action, actor, to) => {
    expect(canTransition(from, action, actor)).toBe(true);
    expect(TRANSITIONS[action].to).toBe(to);
  });

  it.each(every.filter(([state, action, actor]) => !allowed.has(key(state, action, actor))))('%s: %s by %s is refused', (state, action, actor) => {
    expect(canTransition(state, action, actor)).toBe(false);
  });

  it('covers every state, action and actor (so the refusals above are the whole rest)', () => {
    expect(every).toHaveLength(MENTORSHIP_STATES.length * ACTIONS.length * ACTORS.length);
    expect(every.filter(([state, action, actor]) => canTransition(state, action, actor))).toHaveLength(ALLOWED.length);
  });

  it('never lets the sender answer their own request', () => {
    expect(canTransition('REQUESTED', 'accept', 'mentee')).toBe(false);
    expect(canTransition('REQUESTED', 'decline', 'mentee')).toBe(false);
  });

  it('leaves the final states final', () => {
    for (const state of ['COMPLETED', 'ENDED', 'DECLINED', 'WITHDRAWN', 'EXPIRED', 'INVALIDATED'] as const) {
      for (const actor of ACTORS) expect(allowedActions(state, actor)).toEqual([]);
    }
  });

  it('offers each side exactly its actions', () => {
    expect(allowedActions('REQUESTED', 'mentor')).toEqual(['accept', 'decline']);
    expect(allowedActions('REQUESTED', 'mentee')).toEqual(['withdraw']);
    expect(allowedActions('PROPOSED', 'mentee')).toEqual(['acceptProposal', 'decline']);
    expect(allowedActions('ACTIVE', 'mentee')).toEqual(['complete', 'end']);
    expect(allowedActions('ACTIVE', 'coordinator')).toEqual(['end', 'suspend']);
    expect(allowedActions('SUSPENDED', 'coordinator')).toEqual(['end', 'resume']);
  });

  it('refuses a decline without a reason from the list', () => {
    expect(declineSchema.safeParse({}).success).toBe(false);
    expect(declineSchema.safeParse({ reason: 'because' }).success).toBe(false);
    expect(declineSchema.safeParse({ reason: 'no_time', message: 'Sorry' }).success).toBe(true);
  });
});

describe('mentorship call and channel ids', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('names the pair\'s channel after the mentorship', () => {
    expect(mentorshipChannelCid(id)).toBe(`messaging:${id}`);
  });

  it('makes call ids that fit Stream and lead back to the mentorship', () => {
    const callId = mentorshipCallId(id, 'lq2x9k1a');
    expect(callId).toBe(`m-${id}-lq2x9k1a`);
    expect(callId.length).toBeLessThanOrEqual(64);
    expect(mentorshipIdOfCall('default', callId)).toBe(id);
    expect(mentorshipCallId(id).length).toBeLessThanOrEqual(64);
  });

  it('finds no mentorship in other calls', () => {
    expect(mentorshipIdOfCall('default', 'a1b2c3')).toBeNull();
    expect(mentorshipIdOfCall('livestream', `m-${id}-x1`)).toBeNull();
    expect(mentorshipIdOfCall('default', `m-${id}`)).toBeNull();
    expect(mentorshipIdOfCall('default', `m-${id}-UPPER`)).toBeNull();
    expect(() => mentorshipCallId('not-an-id')).toThrow();
    expect(() => mentorshipCallId(id, 'x'.repeat(26))).toThrow();
  });
});
