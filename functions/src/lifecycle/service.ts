/**
 * The mentorship's life cycle (docs/domain.md, shared/src/mentoring/mentorship.ts): who may do what, and every
 * change as one transaction (mentorships/repository.ts). It stands above mentorships, members, sessions,
 * safeguarding and notifications, and uses each through its index.ts. What follows a committed change (e-mails,
 * cancelled schedules, the pair's Stream channel through the bus) never undoes it: failures are logged.
 */
import { randomUUID } from 'node:crypto';
import {
  canTransition,
  type Actor,
  type ConflictReason,
  type DeclineReason,
  type EndReason,
  type MentorshipAction,
  type MentorshipState,
} from '@mentoring/shared';
import { conflict, DomainError } from '../lib/domain-error';
import { publishAppEvent } from '../lib/event-bus';
import { afterWrite } from '../lib/notify';
import { emailOf } from '../lib/cognito';
import { getProgramme } from '../programme';
import { cancelSchedule, scheduleOnce } from '../lib/schedules';
import { sendMail } from '../lib/mail/send';
import { mentorshipMails, type Letter } from '../lib/mail/templates/mentorships';
import { canReceiveRequests, expiryCountItem, getParty, pauseAfterExpiries, placeUpdate, receivesRequestsCheck, resetExpiryStreakItem, type Party } from '../members';
import { changeItems, commit, counterDelta, countersItem, creationItems, FINAL_STATES, getCounters, getMentorship, listBy, sideOf, TransitionCancelled, type Change, declinedItem, type Labelled, type MentorshipRecord, type Side } from '../mentorships';
import { siteUrl } from '../lib/site-url';
import { cancelUpcomingSessions } from '../sessions';
import { blockBetween, noBlockChecks } from '../safeguarding/blocks';
import { keepNotification } from '../notifications';

/** Attempts of a transaction that lost a race it may still win (a place or a count changed meanwhile). */
export const MAX_ATTEMPTS = 8;

const backoff = (attempt: number) => new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * 2 ** Math.min(attempt, 5)));

export const scheduleNames = {
  expiry: (id: string) => `request-expiry-${id}`,
  reminder: (id: string) => `request-reminder-${id}`,
  end: (id: string) => `mentorship-end-${id}`,
};

export interface Caller {
  id: string;
  isCoordinator: boolean;
}

export { sideOf };

const other = (side: Side): Side => (side === 'mentor' ? 'mentee' : 'mentor');

/** Someone else's mentorship is answered as if it did not exist, so ids reveal nothing. */
const notFound = () => new DomainError('not_found', 'There is no such mentorship.');

/** Why an action no longer applies, in words a member understands. */
export const stateConflict = (state: MentorshipState, action: MentorshipAction) => {
  const because: Record<MentorshipState, string> = {
    REQUESTED: 'it is a request still waiting for an answer',
    PROPOSED: 'it is a proposal still waiting for both answers',
    ACTIVE: 'the mentorship is already active',
    SUSPENDED: 'a coordinator has suspended the mentorship',
    COMPLETED: 'the mentorship is already complete',
    ENDED: 'the mentorship has already ended',
    DECLINED: 'the request was declined',
    WITHDRAWN: 'the mentee withdrew the request',
    EXPIRED: 'the request expired without an answer',
    INVALIDATED: 'the mentee has been matched with another mentor, so the request no longer stands',
  };
  const verbs: Record<MentorshipAction, string> = {
    accept: 'accept it',
    acceptProposal: 'accept it',
    decline: 'decline it',
    withdraw: 'withdraw it',
    expire: 'expire it',
    invalidate: 'close it',
    complete: 'complete it',
    end: 'end it',
    suspend: 'suspend it',
    resume: 'resume it',
  };
  const reasons: Record<MentorshipState, ConflictReason> = {
    REQUESTED: 'pending',
    PROPOSED: 'pending',
    ACTIVE: 'already_active',
    SUSPENDED: 'suspended',
    COMPLETED: 'ended',
    ENDED: 'ended',
    DECLINED: 'declined',
    WITHDRAWN: 'withdrawn',
    EXPIRED: 'expired',
    INVALIDATED: 'already_matched',
  };
  return conflict(reasons[state], `You cannot ${verbs[action]}: ${because[state]}.`);
};

const load = async (id: string) => {
  const record = await getMentorship(id);
  if (!record) throw notFound();
  return record;
};

/** The caller's part in the mentorship: a side, a coordinator (only where coordinators act), or nothing (404). */
const actorFor = (record: MentorshipRecord, caller: Caller, { asCoordinator }: { asCoordinator: boolean }): Actor => {
  const side = sideOf(record, caller.id);
  if (side) return side;
  if (asCoordinator && caller.isCoordinator) return 'coordinator';
  throw notFound();
};

/** The refusal for an actor who may not take the action in this state: the wrong side is a 403, a moved state a 409. */
const refuse = (record: MentorshipRecord, action: MentorshipAction) => {
  const stateAllows = (['mentor', 'mentee', 'coordinator', 'system'] as Actor[]).some((anyone) => canTransition(record.state, action, anyone));
  if (!stateAllows) return stateConflict(record.state, action);
  const who: Partial<Record<MentorshipAction, string>> = {
    accept: 'Only the mentor who received this request can accept it.',
    decline: record.state === 'REQUESTED' ? 'Only the mentor who received this request can decline it.' : 'Only the proposed mentor or mentee can decline this proposal.',
    withdraw: 'Only the mentee who sent this request can withdraw it.',
    suspend: 'Only a coordinator can suspend a mentorship.',
    resume: 'Only a coordinator can resume a mentorship.',
  };
  return new DomainError('forbidden', who[action] ?? 'You may not do that on this mentorship.');
};

// ————— after a commit —————

/** Why a mentorship's sessions to come were cancelled, as both members read it in the e-mail and on the session. */
const SESSIONS_REASON = {
  completed: 'The mentorship is completed.',
  ended: 'The mentorship has ended.',
  suspended: 'A coordinator suspended the mentorship.',
} as const;

/** Follow-ups of a committed change: logged and counted (NotificationFailed), never thrown (lib/notify.ts). */
const safely = afterWrite;

/** Keeps the message as the member's in-app notification and e-mails it, if Cognito still knows them; failures are logged, never thrown. */
export const notify = (memberId: string, letter: () => Letter) =>
  safely(`e-mail to ${memberId}`, async () => {
    const site = await siteUrl();
    const message = letter()(site);
    await keepNotification(memberId, 'mentorship', message, site);
    const to = await emailOf(memberId);
    if (to) await sendMail({ to, ...message });
  });

const cancelRequestSchedules = (id: string) =>
  Promise.all([safely('cancelling the expiry', () => cancelSchedule(scheduleNames.expiry(id))), safely('cancelling the reminder', () => cancelSchedule(scheduleNames.reminder(id)))]);

/**
 * The pair's sessions still to come go with an ended or suspended mentorship, exactly as a member's cancel
 * (the calendar CANCEL to both, reminders removed); `actorId` null is the programme itself.
 */
const cancelSessionsOf = (id: string, actorId: string | null, reason: string) =>
  safely('cancelling its upcoming sessions', () => cancelUpcomingSessions(id, actorId, reason));

/** The pair's Stream channel follows the stored state through the bus, with its retries and dead letters. */
const channelChanged = (id: string, version: number) =>
  safely('publishing mentorship.changed', () => publishAppEvent('mentorship.changed', { mentorshipId: id, version }));

const names = async (record: MentorshipRecord) => {
  const [mentor, mentee] = await Promise.all([getParty(record.mentorId, { consistent: false }), getParty(record.menteeId, { consistent: false })]);
  return { mentor, mentee, mentorName: mentor?.displayName ?? 'Your mentor', menteeName: mentee?.displayName ?? 'The mentee' };
};

// ————— requests and proposals —————

const newRecord = (fields: Pick<MentorshipRecord, 'mentorId' | 'menteeId' | 'origin' | 'message' | 'proposedBy' | 'expiresAt'>, at: string): MentorshipRecord => ({
  id: randomUUID(),
  state: fields.origin === 'request' ? 'REQUESTED' : 'PROPOSED',
  version: 1,
  createdAt: at,
  updatedAt: at,
  endsAt: null,
  activatedAt: null,
  declineReason: null,
  declineMessage: null,
  endReason: null,
  endMessage: null,
  acceptedBy: [],
  ...fields,
});

const blockItems = (a: string, b: string): Labelled[] => noBlockChecks(a, b).map((item) => ({ label: 'block', item }));

const creationRefusal = (failed: TransitionCancelled, { maxOpenRequests }: { maxOpenRequests: number }, forProposal: boolean) => {
  if (failed.failed.includes('block')) return conflict('blocked', forProposal ? 'One of these two has blocked the other.' : 'There is no such mentor.');
  if (failed.failed.includes('pair')) {
    return conflict('already_requested', forProposal ? 'These two already have a live request or mentorship.' : 'You already have a request or mentorship with this mentor.');
  }
  if (failed.failed.includes('match')) return conflict('already_matched', forProposal ? 'This mentee already has a mentor.' : 'You already have a mentor.');
  if (failed.failed.includes('counters')) {
    return conflict(
      'request_limit',
      `You already have ${maxOpenRequests} open ${maxOpenRequests === 1 ? 'request' : 'requests'}, the most the programme allows at once. Wait for an answer or withdraw one first.`,
    );
  }
  if (failed.failed.includes('member')) {
    return conflict('not_accepting', forProposal ? 'This mentor is not taking new mentees right now.' : 'This mentor is not taking new requests right now.');
  }
  return conflict('changed_meanwhile', 'Something changed at the same moment; please try again.');
};

/** A mentee asks a mentor: limits and guards in one transaction, the expiry and reminder set before it. */
export const createRequest = async (menteeId: string, { mentorId, message }: { mentorId: string; message: string }) => {
  const [mentee, mentor, programme] = await Promise.all([getParty(menteeId), getParty(mentorId), getProgramme()]);
  if (!mentee || mentee.role !== 'mentee' || !mentee.approved) {
    throw new DomainError('forbidden', 'Only a mentee whose profile is complete (and approved, where the programme asks for it) can send requests.');
  }
  // Pending, rejected or unknown mentors, and mentees, appear nowhere: the same answer as for a wrong id.
  if (!mentor || mentor.role !== 'mentor' || !mentor.approved) throw new DomainError('not_found', 'There is no such mentor.');
  const blocks = await blockBetween(menteeId, mentorId);
  if (blocks.aBlockedB) throw conflict('blocked', 'You have blocked this mentor. Unblock them first if you want to ask again.');
  // Blocked by the mentor: the same answer as for someone who is not there, as the directory hides them too.
  if (blocks.bBlockedA) throw new DomainError('not_found', 'There is no such mentor.');
  if (!canReceiveRequests(mentor)) throw conflict('not_accepting', 'This mentor is not taking new requests right now.');

  const now = new Date();
  const at = now.toISOString();
  const expiresAt = new Date(now.getTime() + programme.requestExpiryDays * 86_400_000);
  const reminderAt = new Date(now.getTime() + (programme.requestExpiryDays * 86_400_000) / 2);
  const record = newRecord({ mentorId, menteeId, origin: 'request', message, proposedBy: null, expiresAt: expiresAt.toISOString() }, at);
  // Set before the request exists, so no request can be stored without its expiry; a schedule left over from a
  // failed attempt finds nothing to expire.
  await scheduleOnce('request-expiry', scheduleNames.expiry(record.id), expiresAt, { mentorshipId: record.id });
  await scheduleOnce('request-reminder', scheduleNames.reminder(record.id), reminderAt, { mentorshipId: record.id });
  const items: Labelled[] = [
    ...creationItems(
      record,
      { at, type: 'requested', actor: 'mentee', actorId: menteeId, from: null, to: 'REQUESTED', reason: null, message },
      { maxOpenRequests: programme.maxOpenRequestsPerMentee },
    ),
    { label: 'member', item: receivesRequestsCheck(mentorId) },
    ...blockItems(menteeId, mentorId),
  ];
  try {
    await commit(items);
  } catch (error) {
    await cancelRequestSchedules(record.id);
    if (error instanceof TransitionCancelled) throw creationRefusal(error, { maxOpenRequests: programme.maxOpenRequestsPerMentee }, false);
    throw error;
  }
  await notify(mentorId, () => mentorshipMails.requestReceived(record.id, { menteeName: mentee.displayName, message, expiresAt: record.expiresAt! }));
  return record;
};

/**
 * A coordinator proposes a pair; both must accept. Proposals do not count against the mentee's request limit, but
 * they go only to a mentor the directory lists (the same rule as a request, checked again in the transaction):
 * pausing is the mentor's "no new mentees", and a proposal has no expiry, so one sent to a paused mentor (maybe
 * paused for letting requests expire) would wait for an answer that may never come.
 */
export const createProposal = async (coordinatorId: string, { mentorId, menteeId, message }: { mentorId: string; menteeId: string; message: string }) => {
  const [mentor, mentee] = await Promise.all([getParty(mentorId), getParty(menteeId)]);
  if (!mentor || mentor.role !== 'mentor' || !mentor.approved) throw conflict('not_eligible', 'Only an approved mentor can be proposed.');
  if (!mentee || mentee.role !== 'mentee' || !mentee.approved) throw conflict('not_eligible', 'Only a mentee with an approved profile can be proposed.');
  if (mentor.activeMentees >= mentor.capacity) throw conflict('no_places_left', `This mentor has no place left: all ${mentor.capacity} are taken.`);
  if (mentor.suspended || mentee.suspended) throw conflict('not_eligible', 'A suspended member cannot be proposed.');
  if (!canReceiveRequests(mentor)) throw conflict('not_accepting', 'This mentor has paused new requests, so they cannot be proposed a mentee now.');
  if ((await blockBetween(mentorId, menteeId)).any) throw conflict('blocked', 'One of these two has blocked the other.');
  const at = new Date().toISOString();
  const record = newRecord({ mentorId, menteeId, origin: 'proposal', message, proposedBy: coordinatorId, expiresAt: null }, at);
  try {
    await commit([
      ...creationItems(record, { at, type: 'proposed', actor: 'coordinator', actorId: coordinatorId, from: null, to: 'PROPOSED', reason: null, message }, { maxOpenRequests: 0 }),
      { label: 'member', item: receivesRequestsCheck(mentorId) },
      ...blockItems(mentorId, menteeId),
    ]);
  } catch (error) {
    if (error instanceof TransitionCancelled) throw creationRefusal(error, { maxOpenRequests: 0 }, true);
    throw error;
  }
  await Promise.all([
    notify(mentorId, () => mentorshipMails.proposal(record.id, { otherName: mentee.displayName, message })),
    notify(menteeId, () => mentorshipMails.proposal(record.id, { otherName: mentor.displayName, message })),
  ]);
  return record;
};

// ————— accepting —————

/** Months after `from`, keeping the day where the month has it. */
const addMonths = (from: Date, months: number) => {
  const date = new Date(from);
  date.setUTCMonth(date.getUTCMonth() + months);
  return date;
};

const placesFull = (mentor: Party, side: Side) =>
  conflict(
    'no_places_left',
    side === 'mentor'
      ? `You have no place left: your capacity is ${mentor.capacity} ${mentor.capacity === 1 ? 'mentee' : 'mentees'} at once, and all are taken.`
      : `The mentor has no place left: all ${mentor.capacity} are taken.`,
  );

/**
 * The mentor accepts a request, or a side accepts a proposal (it becomes active when both have). Becoming
 * active is one transaction: the mentor's place (conditional on the places read), the mentee's match guard
 * (none yet), and every other open request or proposal of the mentee INVALIDATED, conditional on the
 * mentee's counters being exactly what was read so none can slip in unseen. A lost race is re-read and
 * retried a bounded number of times; what the re-read finds decides the answer.
 */
/** Whether `side` has said yes to this mentorship: a proposal it accepted, or a request its mentor made active. */
const acceptedBy = (record: MentorshipRecord, side: Side) =>
  record.origin === 'proposal' ? (record.state === 'PROPOSED' || record.state === 'ACTIVE') && record.acceptedBy.includes(side) : record.state === 'ACTIVE' && side === 'mentor';

export const accept = async (id: string, caller: Caller) => {
  const programme = await getProgramme();
  let endSchedule: { name: string; at: Date } | null = null;
  try {
    for (let attempt = 1; ; attempt++) {
      const record = await load(id);
      const side = sideOf(record, caller.id);
      if (!side) throw notFound();
      // Accepting again what this side already accepted answers what it is: the retry of an accept whose first
      // answer was lost (a timeout after the commit) gets 200, not a conflict that reads as failure.
      if (acceptedBy(record, side)) return record;
      const action: MentorshipAction = record.state === 'PROPOSED' ? 'acceptProposal' : 'accept';
      if (!canTransition(record.state, action, side)) throw refuse(record, action);
      const at = new Date().toISOString();

      if (action === 'acceptProposal' && !record.acceptedBy.includes(other(side))) {
        // The first of two answers: the proposal stays open and remembers who said yes.
        try {
          await commit(changeItems(record, { action, actor: side, actorId: caller.id, to: 'PROPOSED', at, set: { acceptedBy: [...record.acceptedBy, side] } }));
        } catch (error) {
          if (error instanceof TransitionCancelled && attempt < MAX_ATTEMPTS) continue;
          throw error;
        }
        return (await getMentorship(id))!;
      }

      const [mentor, counters, open] = await Promise.all([
        getParty(record.mentorId),
        getCounters(record.menteeId),
        listBy('byMentee', record.menteeId, { states: ['REQUESTED', 'PROPOSED'] }),
      ]);
      if (!mentor || mentor.role !== 'mentor') throw conflict('not_eligible', 'The mentor is no longer in the programme.');
      if (mentor.activeMentees >= mentor.capacity) throw placesFull(mentor, side);
      const requested = open.filter((each) => each.state === 'REQUESTED').length;
      const proposed = open.filter((each) => each.state === 'PROPOSED').length;
      if (!open.some((each) => each.id === id) || requested !== counters.openRequests || proposed !== counters.openProposals) {
        // The index has not caught up with the counters yet (it is eventually consistent): look again shortly.
        if (attempt >= MAX_ATTEMPTS) throw conflict('changed_meanwhile', 'Something changed at the same moment; please try again.');
        await backoff(attempt);
        continue;
      }

      const endsAt = addMonths(new Date(at), programme.mentorshipMonths);
      if (!endSchedule) {
        endSchedule = { name: scheduleNames.end(id), at: endsAt };
        await scheduleOnce('mentorship-end', endSchedule.name, endsAt, { mentorshipId: id });
      }
      const others = open.filter((each) => each.id !== id);
      const delta = { openRequests: 0, openProposals: 0 };
      const items: Labelled[] = [];
      const change: Change = {
        action,
        actor: side,
        actorId: caller.id,
        to: 'ACTIVE',
        at,
        set: { activatedAt: at, endsAt: endSchedule.at.toISOString(), expiresAt: null, ...(action === 'acceptProposal' ? { acceptedBy: ['mentor', 'mentee'] as Side[] } : {}) },
      };
      items.push(...changeItems(record, change));
      for (const [key, value] of Object.entries(counterDelta(record.state, 'ACTIVE'))) delta[key as keyof typeof delta] += value;
      for (const each of others) {
        const invalidation: Change = { action: 'invalidate', actor: 'system', actorId: null, to: 'INVALIDATED', at, reason: 'matched_elsewhere' };
        items.push(...changeItems(each, invalidation).map((entry) => ({ ...entry, label: `other:${each.id}` as const })));
        for (const [key, value] of Object.entries(counterDelta(each.state, 'INVALIDATED'))) delta[key as keyof typeof delta] += value;
      }
      items.push(countersItem(record.menteeId, delta, counters));
      items.push({ label: 'place', item: placeUpdate(mentor, 1, { resetExpiryStreak: side === 'mentor' }) });

      try {
        await commit(items);
      } catch (error) {
        if (!(error instanceof TransitionCancelled)) throw error;
        if (error.failed.includes('match') && !error.failed.includes('meta')) throw conflict('already_matched', 'The mentee already has a mentor.');
        if (attempt >= MAX_ATTEMPTS) throw conflict('changed_meanwhile', 'Something changed at the same moment; please try again.');
        await backoff(attempt);
        continue;
      }
      endSchedule = null;
      await afterActivation(record, side, others);
      if (mentor.activeMentees + 1 >= mentor.capacity) {
        await safely('declining the requests a full mentor cannot take', () => declineForNoPlaces(record.mentorId, id));
      }
      return (await getMentorship(id))!;
    }
  } finally {
    // Accepting failed after the end was scheduled: nothing became active, so the schedule goes too.
    if (endSchedule) await safely('cancelling the end schedule', () => cancelSchedule(endSchedule!.name));
  }
};

const afterActivation = async (record: MentorshipRecord, side: Side, invalidated: MentorshipRecord[]) => {
  const { mentorName, menteeName } = await names(record);
  await Promise.all([
    cancelRequestSchedules(record.id),
    ...invalidated.map((each) => cancelRequestSchedules(each.id)),
    channelChanged(record.id, record.version + 1),
    notify(record.menteeId, () => mentorshipMails.accepted(record.id, { otherName: mentorName })),
    record.origin === 'proposal' || side !== 'mentor' ? notify(record.mentorId, () => mentorshipMails.accepted(record.id, { otherName: menteeName })) : null,
    ...invalidated.map((each) => notify(each.mentorId, () => mentorshipMails.invalidated(each.id, { menteeName }))),
  ]);
};

/**
 * The mentor's last place was just taken: their other open requests are declined at once ("No places left")
 * and those mentees told, so they can ask someone else instead of waiting for the expiry. Such a decline does
 * not hide the mentor from them (see declinedItem): once a place is free they may ask again. A request
 * answered meanwhile is left as it is.
 */
const declineForNoPlaces = async (mentorId: string, acceptedId: string) => {
  const waiting = (await listBy('byMentor', mentorId, { states: ['REQUESTED'] })).filter((each) => each.id !== acceptedId);
  for (const each of waiting) {
    try {
      const { before } = await transition(each.id, () => 'system', null, {
        action: 'decline',
        reason: 'no_places',
        set: { declineReason: 'no_places', declineMessage: null },
      });
      const { mentorName } = await names(before);
      await Promise.all([cancelRequestSchedules(each.id), notify(before.menteeId, () => mentorshipMails.noPlacesLeft(each.id, { mentorName }))]);
    } catch (error) {
      if (!stale(error)) throw error;
    }
  }
};

// ————— the other changes —————

interface SimpleChange {
  action: Exclude<MentorshipAction, 'accept' | 'acceptProposal' | 'invalidate'>;
  reason?: string | null;
  message?: string | null;
  set?: Change['set'];
}

/**
 * Any other change: one transaction with the guards, counters and the mentor's place it implies, retried
 * (bounded) when only a place count moved under it. Answers the record before and after, or null when the
 * state no longer allowed it and `quiet` (schedules: a request already answered is not an error).
 */
const transition = async (id: string, actorOf: (record: MentorshipRecord) => Actor, actorId: string | null, change: SimpleChange) => {
  for (let attempt = 1; ; attempt++) {
    const record = await load(id);
    const actor = actorOf(record);
    if (!canTransition(record.state, change.action, actor)) throw refuse(record, change.action);
    const to = transitionTarget(change.action);
    const at = new Date().toISOString();
    const items = changeItems(record, { action: change.action, actor, actorId, to, at, reason: change.reason, message: change.message, set: change.set });
    const delta = counterDelta(record.state, to);
    if (delta.openRequests || delta.openProposals) items.push(countersItem(record.menteeId, delta));
    const freesPlace = (record.state === 'ACTIVE' || record.state === 'SUSPENDED') && FINAL_STATES.includes(to);
    if (freesPlace) {
      const mentor = await getParty(record.mentorId);
      // A mentor whose account is gone has no place to free.
      if (mentor) items.push({ label: 'place', item: placeUpdate(mentor, -1) });
    }
    if (change.action === 'decline' && actor === 'mentor') items.push({ label: 'member', item: resetExpiryStreakItem(record.mentorId) });
    // Someone's no hides the mentor from the mentee's directory; the programme's "no places left" does not.
    if (change.action === 'decline' && change.set?.declineReason !== 'no_places') items.push(declinedItem(record.menteeId, record.mentorId));
    if (change.action === 'expire' && (await getParty(record.mentorId))) items.push({ label: 'member', item: expiryCountItem(record.mentorId) });
    try {
      await commit(items);
      return { before: record, after: (await getMentorship(id))! };
    } catch (error) {
      if (!(error instanceof TransitionCancelled) || attempt >= MAX_ATTEMPTS) throw error;
      await backoff(attempt);
    }
  }
};

const transitionTarget = (action: SimpleChange['action']): MentorshipState =>
  ({ decline: 'DECLINED', withdraw: 'WITHDRAWN', expire: 'EXPIRED', complete: 'COMPLETED', end: 'ENDED', suspend: 'SUSPENDED', resume: 'ACTIVE' })[action] as MentorshipState;

const memberActor = (caller: Caller, asCoordinator = false) => (record: MentorshipRecord) => actorFor(record, caller, { asCoordinator });

export const decline = async (id: string, caller: Caller, { reason, message }: { reason: DeclineReason; message?: string }) => {
  const { before, after } = await transition(id, memberActor(caller), caller.id, {
    action: 'decline',
    reason,
    message: message ?? null,
    set: { declineReason: reason, declineMessage: message ?? null },
  });
  const { mentorName, menteeName } = await names(before);
  const declinedBy = sideOf(before, caller.id)!;
  await Promise.all([
    before.state === 'REQUESTED' ? cancelRequestSchedules(id) : null,
    notify(declinedBy === 'mentor' ? before.menteeId : before.mentorId, () =>
      mentorshipMails.declined(id, { otherName: declinedBy === 'mentor' ? mentorName : menteeName, reason, message: message ?? null }),
    ),
  ]);
  return after;
};

export const withdraw = async (id: string, caller: Caller) => {
  const { after } = await transition(id, memberActor(caller), caller.id, { action: 'withdraw' });
  await cancelRequestSchedules(id);
  return after;
};

const afterEnding = async (
  before: MentorshipRecord,
  after: MentorshipRecord,
  ending: { actorId: string | null; sessionsReason: string },
  letters: (names: { mentorName: string; menteeName: string }) => { mentor: () => Letter; mentee: () => Letter },
) => {
  const all = await names(before);
  const { mentor, mentee } = letters(all);
  await Promise.all([
    safely('cancelling the end schedule', () => cancelSchedule(scheduleNames.end(before.id))),
    cancelSessionsOf(before.id, ending.actorId, ending.sessionsReason),
    channelChanged(before.id, after.version),
    notify(before.mentorId, mentor),
    notify(before.menteeId, mentee),
  ]);
};

export const complete = async (id: string, caller: Caller) => {
  const { before, after } = await transition(id, memberActor(caller), caller.id, { action: 'complete' });
  await afterEnding(before, after, { actorId: caller.id, sessionsReason: SESSIONS_REASON.completed }, ({ mentorName, menteeName }) => ({
    mentor: () => mentorshipMails.completed(id, { otherName: menteeName }),
    mentee: () => mentorshipMails.completed(id, { otherName: mentorName }),
  }));
  return after;
};

export const end = async (id: string, caller: Caller, { reason, message }: { reason: EndReason; message?: string }) => {
  const { before, after } = await transition(id, memberActor(caller, true), caller.id, {
    action: 'end',
    reason,
    message: message ?? null,
    set: { endReason: reason, endMessage: message ?? null },
  });
  const byCoordinator = !sideOf(before, caller.id);
  await afterEnding(before, after, { actorId: caller.id, sessionsReason: SESSIONS_REASON.ended }, ({ mentorName, menteeName }) => ({
    mentor: () => mentorshipMails.ended(id, { otherName: menteeName, reason, message: message ?? null, byCoordinator }),
    mentee: () => mentorshipMails.ended(id, { otherName: mentorName, reason, message: message ?? null, byCoordinator }),
  }));
  return after;
};

const coordinatorOnly = (caller: Caller) => (record: MentorshipRecord) => {
  if (caller.isCoordinator) return 'coordinator' as const;
  return actorFor(record, caller, { asCoordinator: false });
};

export const suspend = async (id: string, caller: Caller) => {
  const { before, after } = await transition(id, coordinatorOnly(caller), caller.id, { action: 'suspend' });
  const { mentorName, menteeName } = await names(before);
  await Promise.all([
    channelChanged(id, after.version),
    cancelSessionsOf(id, caller.id, SESSIONS_REASON.suspended),
    notify(before.mentorId, () => mentorshipMails.suspended(id, { otherName: menteeName })),
    notify(before.menteeId, () => mentorshipMails.suspended(id, { otherName: mentorName })),
  ]);
  return after;
};

export const resume = async (id: string, caller: Caller) => {
  const { before, after } = await transition(id, coordinatorOnly(caller), caller.id, { action: 'resume' });
  const { mentorName, menteeName } = await names(before);
  await Promise.all([
    channelChanged(id, after.version),
    notify(before.mentorId, () => mentorshipMails.resumed(id, { otherName: menteeName })),
    notify(before.menteeId, () => mentorshipMails.resumed(id, { otherName: mentorName })),
  ]);
  return after;
};

// ————— the system's changes, from schedules —————

/** Whether a schedule's change no longer applies (already answered, withdrawn, gone): then it does nothing. */
const stale = (error: unknown) => error instanceof DomainError && (error.code === 'not_found' || error.code === 'conflict');

/**
 * A request's time is up at `now` (the schedule's time, not the wall clock): EXPIRED if it is still unanswered
 * (otherwise nothing happens), the mentor's run of expired requests counted in the same transaction, and at the
 * second in a row the mentor is paused. Before its time it changes nothing and answers when to look again.
 */
export const expire = async (id: string, now: Date): Promise<{ expired: boolean; paused: boolean; notBefore?: Date }> => {
  const record = await getMentorship(id);
  if (!record) return { expired: false, paused: false };
  if (record.state === 'REQUESTED' && record.expiresAt && record.expiresAt > now.toISOString()) {
    // Fired early (a replaced schedule, or one due before the request's end): the request still has time.
    return { expired: false, paused: false, notBefore: new Date(record.expiresAt) };
  }
  let result: Awaited<ReturnType<typeof transition>>;
  try {
    result = await transition(id, () => 'system', null, { action: 'expire' });
  } catch (error) {
    if (!stale(error)) throw error;
    // Already answered; if it expired in an earlier run that stopped before pausing, pausing is still due.
    const paused = record.state === 'EXPIRED' ? await pauseAfterExpiries(record.mentorId) : false;
    if (paused) await notify(record.mentorId, () => mentorshipMails.paused(id, { expiries: 2 }));
    return { expired: false, paused };
  }
  const { mentorName, menteeName } = await names(result.before);
  const paused = await pauseAfterExpiries(record.mentorId);
  await Promise.all([
    safely('cancelling the reminder', () => cancelSchedule(scheduleNames.reminder(id))),
    notify(record.menteeId, () => mentorshipMails.expiredForMentee(id, { mentorName })),
    notify(record.mentorId, () => (paused ? mentorshipMails.paused(id, { expiries: 2 }) : mentorshipMails.expiredForMentor(id, { menteeName }))),
  ]);
  return { expired: true, paused };
};

/** Half-way through a request's life: remind the mentor, unless it has been answered. */
export const remind = async (id: string) => {
  const record = await getMentorship(id);
  if (!record || record.state !== 'REQUESTED' || !record.expiresAt) return false;
  const { menteeName } = await names(record);
  await notify(record.mentorId, () => mentorshipMails.reminder(id, { menteeName, expiresAt: record.expiresAt! }));
  return true;
};

/**
 * A mentorship's planned end at `now` (the schedule's time): COMPLETED if it is still active and its end date has
 * come; before its end date it answers when to look again; otherwise nothing.
 */
export const completeAtEnd = async (id: string, now: Date): Promise<{ completed: boolean; notBefore?: Date }> => {
  const record = await getMentorship(id);
  if (!record || record.state !== 'ACTIVE' || !record.endsAt) return { completed: false };
  if (record.endsAt > now.toISOString()) return { completed: false, notBefore: new Date(record.endsAt) };
  try {
    const { before, after } = await transition(id, () => 'system', null, { action: 'complete' });
    await afterEnding(before, after, { actorId: null, sessionsReason: SESSIONS_REASON.completed }, ({ mentorName, menteeName }) => ({
      mentor: () => mentorshipMails.completed(id, { otherName: menteeName }),
      mentee: () => mentorshipMails.completed(id, { otherName: mentorName }),
    }));
    return { completed: true };
  } catch (error) {
    if (stale(error)) return { completed: false };
    throw error;
  }
};
