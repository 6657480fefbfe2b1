/**
 * Group sessions (docs/domain.md, "Group sessions"): scheduling, who sees which, signing up with a capacity and then
 * a waiting list, leaving, cancelling, and who may join the call. Sign-up and leave are each one transaction per try
 * (repository.ts): a try that lost a race to another reads again and tries again, so twenty at once for five places
 * end with exactly five in and fifteen waiting in the order their writes landed. After a stored change: the call's
 * members and the notifications; a failure there is logged and counted, never undoes the change.
 */
import {
  backstageOpensAt,
  GROUP_CALL_TYPES,
  GROUP_MAX_DAYS_AHEAD,
  inAudience,
  type GroupAudience,
  type GroupJoin,
  type GroupPart,
  type GroupPlace,
  type GroupRatingInput,
  type GroupSession,
  type GroupSessionInput,
  type GroupSessionKind,
} from '@mentoring/shared';
import { randomUUID } from 'node:crypto';
import type { Identity } from '../lib/auth/identity';
import { conflict, DomainError, invalid } from '../lib/domain-error';
import { afterWrite } from '../lib/notify';
import { groupSessionMails } from '../lib/mail/templates/group-sessions';
import { getParties, getParty, isCoordinator, type Party } from '../members';
import { listBy } from '../mentorships';
import { getProgramme } from '../programme';
import { blockBetween, noBlockChecks } from '../safeguarding/blocks';
import {
  changeState,
  createGroupSession,
  getWithSeats,
  listAttendance,
  listUpcoming,
  putSeatIn,
  putSeatWaiting,
  lineOrder,
  releaseSeat,
  saveConsent,
  saveRating,
  seatsOfMember,
  type AttendanceItem,
  type ConsentItem,
  type GroupSessionItem,
  type SeatItem,
} from './repository';
import { retrySeatChange } from './seat-retry';
import { readsGroupArchive } from './archive-access';
import { tell } from './mail';
import { deleteGroupReminders, placedMemberIds, setGroupReminders, stagePartsOf } from './reminders';
import { createGroupCall, endGroupCall, groupCallId, removeCallMember, setCallMember, type CallRole } from './stream-call';
import { memberStreamId } from '../lib/stream/stream-user-id';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const notFound = () => new DomainError('not_found', 'There is no such group session.');

const endsAt = (session: Pick<GroupSessionItem, 'startsAt' | 'durationMinutes'>) => Date.parse(session.startsAt) + session.durationMinutes * MINUTE;

/** The viewer's facts the audience rules read: their role, coordinator or not, and their active mentors. */
interface Viewer {
  id: string;
  party: Party | null;
  coordinator: boolean;
  /** The member's mentors now: read only when a session for a host's own mentees asks (once per request). */
  mentorIds: () => Promise<ReadonlySet<string>>;
}

const viewerOf = async (identity: Identity): Promise<Viewer> => {
  const party = await getParty(identity.sub);
  let mentors: Promise<ReadonlySet<string>> | undefined;
  const mentorIds = () =>
    (mentors ??= party?.role === 'mentee' ? listBy('byMentee', identity.sub, { states: ['ACTIVE'] }).then((records) => new Set(records.map((record) => record.mentorId))) : Promise.resolve(new Set<string>()));
  return { id: identity.sub, party, coordinator: isCoordinator(identity), mentorIds };
};

const partOf = (session: GroupSessionItem, memberId: string, seat: SeatItem | undefined): GroupPart => {
  if (session.hostId === memberId) return 'host';
  if (session.coHostIds.includes(memberId)) return 'co_host';
  if (session.speakerIds.includes(memberId)) return 'speaker';
  return seat ? 'participant' : 'none';
};

const audienceTakes = async (session: GroupSessionItem, viewer: Viewer) =>
  inAudience(session.audience, {
    role: viewer.party?.role ?? null,
    coordinator: viewer.coordinator,
    menteeOfHost: session.audience === 'own_mentees' && (await viewer.mentorIds()).has(session.hostId),
  });

/** Whether the viewer may see the session: in its audience, or already part of it. */
const visibleTo = async (session: GroupSessionItem, viewer: Viewer, seat: SeatItem | undefined) => partOf(session, viewer.id, seat) !== 'none' || (await audienceTakes(session, viewer));

/** A waiting seat's place in the line: 1 + those who came before and still wait. */
const placeOf = (seat: SeatItem | undefined, seats: readonly SeatItem[] | undefined): GroupPlace => {
  if (!seat) return { status: 'none' };
  if (seat.status === 'in') return { status: 'signed_up', signedUpAt: seat.signedUpAt };
  const ahead = (seats ?? []).filter((other) => other.status === 'waiting' && lineOrder(other, seat) < 0).length;
  return { status: 'waiting', position: ahead + 1, signedUpAt: seat.signedUpAt };
};

const person = (names: Map<string, Party>, id: string) => ({ id, displayName: names.get(id)?.displayName ?? 'A member' });

const toView = (
  session: GroupSessionItem,
  viewerId: string,
  seat: SeatItem | undefined,
  seats: readonly SeatItem[] | undefined,
  names: Map<string, Party>,
  { attendance = null, ratings = null, coordinator = false, consents }: Partial<Pick<GroupSession, 'attendance' | 'ratings'>> & { coordinator?: boolean; consents?: readonly ConsentItem[] } = {},
): GroupSession => {
  const archive = readsGroupArchive(session, seat, viewerId, coordinator);
  return {
  id: session.id,
  kind: session.kind,
  title: session.title,
  description: session.description,
  topics: session.topics,
  startsAt: session.startsAt,
  durationMinutes: session.durationMinutes,
  capacity: session.capacity,
  audience: session.audience,
  state: session.state,
  host: person(names, session.hostId),
  coHosts: session.coHostIds.map((id) => person(names, id)),
  speakers: session.speakerIds.map((id) => person(names, id)),
  taken: session.taken,
  waiting: session.waiting,
  callType: session.callType,
  part: partOf(session, viewerId, seat),
  place: placeOf(seat, seats),
  cancelReason: session.cancelReason,
  public: session.public === true,
  attendance,
  myRating: typeof seat?.rating === 'number' ? { rating: seat.rating, comment: seat.ratingComment ?? '' } : null,
  ratings,
  archive,
  // Those who read the archive are those who may be in the room (and coordinators): the same who read the consents.
  recordingConsents: consents && archive ? consents.map((consent) => ({ streamUserId: memberStreamId(consent.memberId), at: consent.at })).sort((a, b) => a.at.localeCompare(b.at) || a.streamUserId.localeCompare(b.streamUserId)) : null,
  createdAt: session.createdAt,
  };
};

/** The seats' ratings, for those who run the session: no names, comments newest first. */
const ratingsOf = (seats: readonly SeatItem[]): NonNullable<GroupSession['ratings']> => {
  const rated = seats.filter((seat) => typeof seat.rating === 'number');
  const sum = rated.reduce((total, seat) => total + seat.rating!, 0);
  return {
    count: rated.length,
    average: rated.length ? Math.round((sum / rated.length) * 10) / 10 : null,
    comments: rated
      .filter((seat) => seat.ratingComment)
      .sort((a, b) => (b.ratedAt ?? '').localeCompare(a.ratedAt ?? ''))
      .map((seat) => seat.ratingComment!),
  };
};

/** Each member's stretches in the call as one line: first join, seconds of those that ended, in it now. */
const attendanceOf = async (stretches: readonly AttendanceItem[]): Promise<NonNullable<GroupSession['attendance']>> => {
  const byMember = new Map<string, AttendanceItem[]>();
  for (const stretch of stretches) byMember.set(stretch.memberId, [...(byMember.get(stretch.memberId) ?? []), stretch]);
  const names = await getParties([...byMember.keys()]);
  return [...byMember.entries()]
    .map(([memberId, own]) => ({
      member: person(names, memberId),
      joinedAt: own.map((stretch) => stretch.joinedAt).sort()[0]!,
      seconds: own.reduce((sum, stretch) => sum + (stretch.leftAt ? Math.max(0, Math.round(stretch.seconds ?? 0)) : 0), 0),
      inCall: own.some((stretch) => stretch.leftAt === null),
    }))
    .sort((a, b) => a.joinedAt.localeCompare(b.joinedAt) || a.member.id.localeCompare(b.member.id));
};

const namesOf = (sessions: readonly GroupSessionItem[]) => getParties(sessions.flatMap((session) => [session.hostId, ...session.coHostIds, ...session.speakerIds]));

// ————— scheduling —————

/** Who may schedule: a coordinator, or an approved mentor. */
const requireScheduler = (identity: Identity, party: Party | null) => {
  if (isCoordinator(identity)) return;
  if (party?.role === 'mentor' && party.approved) return;
  throw new DomainError('forbidden', 'Only coordinators and approved mentors can schedule group sessions.');
};

/** Co-hosts and speakers are approved members, not suspended, other than the host, and neither blocked by nor blocking the host. */
const checkStage = async (hostId: string, input: GroupSessionInput) => {
  const ids = [...input.coHostIds, ...input.speakerIds];
  if (ids.includes(hostId)) throw invalid('You host this session: choose other members as co-hosts and speakers.', [{ path: ['coHostIds'], message: 'The host is already on stage.', code: 'custom' }]);
  const parties = await getParties(ids);
  const unfit = ids.filter((id) => {
    const party = parties.get(id);
    return !party || !party.approved || party.suspended;
  });
  if (unfit.length) throw invalid('Co-hosts and speakers must be approved members of the programme.', [{ path: [input.coHostIds.includes(unfit[0]!) ? 'coHostIds' : 'speakerIds'], message: 'Not an approved member.', code: 'custom' }]);
  // A block either way keeps two members apart, on stage as anywhere: the host cannot bring on one they blocked, nor one who blocked them.
  const blocks = await Promise.all(ids.map((id) => blockBetween(hostId, id)));
  const blocked = ids.filter((_, index) => blocks[index]!.any);
  if (blocked.length) {
    const name = parties.get(blocked[0]!)?.displayName ?? 'A member';
    throw invalid(`${name} cannot be on stage in your session: one of you has blocked the other.`, [{ path: [input.coHostIds.includes(blocked[0]!) ? 'coHostIds' : 'speakerIds'], message: 'Blocked.', code: 'custom' }]);
  }
};

export const scheduleGroupSession = async (identity: Identity, input: GroupSessionInput, now = new Date()): Promise<GroupSession> => {
  const [party, programme] = await Promise.all([getParty(identity.sub), getProgramme()]);
  requireScheduler(identity, party);
  const unknown = input.topics.filter((topic) => !programme.topics.includes(topic));
  if (unknown.length) throw invalid(`Choose topics from the programme's list: ${unknown.join(', ')} is not on it.`, [{ path: ['topics'], message: 'Not one of the programme’s topics.', code: 'custom' }]);
  const start = Date.parse(input.startsAt);
  if (start <= now.getTime()) throw invalid('That time has passed: choose a time in the future.', [{ path: ['startsAt'], message: 'In the past.', code: 'custom' }]);
  if (start > now.getTime() + GROUP_MAX_DAYS_AHEAD * DAY) throw invalid(`Group sessions can be scheduled at most ${GROUP_MAX_DAYS_AHEAD} days ahead.`, [{ path: ['startsAt'], message: 'Too far ahead.', code: 'custom' }]);
  if (input.audience === 'own_mentees' && party?.role !== 'mentor') throw invalid('Only a mentor has mentees of their own to invite.', [{ path: ['audience'], message: 'Choose another audience.', code: 'custom' }]);
  await checkStage(identity.sub, input);
  const id = randomUUID();
  const at = now.toISOString();
  const item: GroupSessionItem = {
    id,
    kind: input.kind,
    title: input.title,
    description: input.description,
    topics: input.topics,
    startsAt: new Date(start).toISOString(),
    durationMinutes: input.durationMinutes,
    capacity: input.capacity,
    audience: input.audience,
    state: 'scheduled',
    hostId: identity.sub,
    coHostIds: input.coHostIds,
    speakerIds: input.speakerIds,
    callType: GROUP_CALL_TYPES[input.kind],
    callId: groupCallId(id),
    taken: 0,
    waiting: 0,
    cancelReason: null,
    createdBy: identity.sub,
    createdAt: at,
    updatedAt: at,
  };
  // The call first: a session is never listed without the call its members will join (a call without its session,
  // should the write fail, is never shown to anyone).
  await createGroupCall(item);
  await createGroupSession(item);
  const stage = stagePartsOf(item);
  await Promise.all([
    setGroupReminders(item, now),
    tell([...stage.keys()], item, { letter: (facts, memberId) => groupSessionMails.scheduled(facts, stage.get(memberId)!), invite: () => 'REQUEST', at: now }),
  ]);
  return toView(item, identity.sub, undefined, [], await namesOf([item]), { coordinator: isCoordinator(identity), consents: [] });
};

// ————— finding —————

export interface ListFilter {
  topic?: string;
  kind?: GroupSessionKind;
  audience?: GroupAudience;
  from?: string;
  to?: string;
}

/** Upcoming (and live) sessions the member may see, by start, with their own place in each. */
export const listGroupSessions = async (identity: Identity, filter: ListFilter, now = new Date()): Promise<GroupSession[]> => {
  // A live session started before now: look back as far as the longest one lasts.
  const lookBack = new Date(now.getTime() - 2 * 60 * MINUTE).toISOString();
  const from = filter.from && filter.from > lookBack ? filter.from : lookBack;
  const [viewer, sessions, seats] = await Promise.all([viewerOf(identity), listUpcoming(from, filter.to), seatsOfMember(identity.sub, lookBack)]);
  const seatBySession = new Map(seats.map((seat) => [seat.groupSessionId, seat]));
  const candidates = sessions.filter(
    (session) =>
      endsAt(session) > now.getTime() &&
      (!filter.topic || session.topics.includes(filter.topic)) &&
      (!filter.kind || session.kind === filter.kind) &&
      (!filter.audience || session.audience === filter.audience),
  );
  const visible = await Promise.all(candidates.map((session) => visibleTo(session, viewer, seatBySession.get(session.id))));
  const shown = candidates.filter((_, index) => visible[index]);
  // Only where the member waits is the whole line read, for their position in it.
  const lines = new Map(
    await Promise.all(
      shown.filter((session) => seatBySession.get(session.id)?.status === 'waiting').map(async (session) => [session.id, (await getWithSeats(session.id))?.seats ?? []] as const),
    ),
  );
  const names = await namesOf(shown);
  return shown.map((session) => toView(session, identity.sub, seatBySession.get(session.id), lines.get(session.id), names, { coordinator: viewer.coordinator }));
};

const readVisible = async (id: string, viewer: Viewer) => {
  const found = await getWithSeats(id);
  if (!found) throw notFound();
  const seat = found.seats.find((each) => each.memberId === viewer.id);
  if (!(await visibleTo(found.session, viewer, seat))) throw notFound();
  return { ...found, seat };
};

/** A session's page as the viewer reads it: those who run it (host, co-hosts, coordinators) also read its attendance and ratings. */
const pageView = async (viewer: Viewer, session: GroupSessionItem, seats: readonly SeatItem[], seat: SeatItem | undefined, consents: readonly ConsentItem[]) => {
  const part = partOf(session, viewer.id, seat);
  const runsIt = viewer.coordinator || part === 'host' || part === 'co_host';
  const extra = runsIt ? { attendance: await attendanceOf(await listAttendance(session.id)), ratings: ratingsOf(seats) } : {};
  return toView(session, viewer.id, seat, seats, await namesOf([session]), { ...extra, coordinator: viewer.coordinator, consents });
};

export const getGroupSession = async (identity: Identity, id: string): Promise<GroupSession> => {
  const viewer = await viewerOf(identity);
  const { session, seats, seat, consents } = await readVisible(id, viewer);
  return pageView(viewer, session, seats, seat, consents);
};

/**
 * Consent to the call's recording and transcription (docs/domain.md, "Group sessions"): those on stage, and members
 * with a place whom the host did not remove (the host may bring any of them on stage), while the room is open:
 * backstage from 10 minutes before the start, or live. Given again, the first consent and its time stay.
 */
export const consentToGroupRecording = async (identity: Identity, id: string, now = new Date()): Promise<GroupSession> => {
  const viewer = await viewerOf(identity);
  const { session, seats, seat, consents } = await readVisible(id, viewer);
  const part = partOf(session, viewer.id, seat);
  if (part === 'none' || (part === 'participant' && seat?.status !== 'in')) throw new DomainError('forbidden', 'Only those on stage and members with a place in this session are asked to consent to its recording.');
  if (seat?.removedAt) throw new DomainError('forbidden', 'The host removed you from this session.');
  if (session.state === 'cancelled') throw conflict('ended', 'This group session was cancelled.');
  if (session.state === 'ended' || endsAt(session) <= now.getTime()) throw conflict('ended', 'This group session has ended.');
  if (session.state === 'scheduled' && now.getTime() < backstageOpensAt(session.startsAt).getTime()) throw conflict('pending', 'You can consent to recording once the room opens, 10 minutes before the start.');
  const mine = consents.find((consent) => consent.memberId === viewer.id);
  if (!mine) await saveConsent(id, { memberId: viewer.id, at: now.toISOString() });
  // Read again: a consent given meanwhile by another request of the member's keeps its own time.
  const after = mine ? consents : ((await getWithSeats(id))?.consents ?? consents);
  return pageView(viewer, session, seats, seat, after);
};

/**
 * A participant with a place rates the session once it took place (live or ended); rating again replaces theirs.
 * Those on stage run it rather than rate it, and a member the host removed has no say in it.
 */
export const rateGroupSession = async (identity: Identity, id: string, input: GroupRatingInput, now = new Date()): Promise<GroupSession> => {
  const viewer = await viewerOf(identity);
  const { session, seats, seat, consents } = await readVisible(id, viewer);
  if (partOf(session, viewer.id, seat) !== 'participant' || seat?.status !== 'in') throw new DomainError('forbidden', 'Only members with a place in this session rate it.');
  if (seat.removedAt) throw new DomainError('forbidden', 'The host removed you from this session, so you cannot rate it.');
  if (session.state !== 'live' && session.state !== 'ended') throw conflict('pending', 'You can rate a session once it has taken place.');
  const rated = { ...seat, rating: input.rating, ratingComment: input.comment, ratedAt: now.toISOString() };
  await saveRating(id, viewer.id, { value: rated.rating, comment: rated.ratingComment, at: rated.ratedAt });
  // The page as read, with the seat as now stored: no second read of the session.
  return pageView(viewer, session, seats.map((each) => (each.memberId === viewer.id ? rated : each)), rated, consents);
};

// ————— places —————

const requireOpen = (session: GroupSessionItem, now: Date) => {
  if (session.state === 'cancelled') throw conflict('ended', 'This group session was cancelled.');
  if (session.state !== 'scheduled' || endsAt(session) <= now.getTime()) throw conflict('ended', 'This group session has already started or ended: places can no longer change.');
};

const afterSeatChange = (what: string, work: () => Promise<unknown>) => afterWrite(what, work);

/**
 * Signs the member up: a place while there is one, else the next place on the waiting list. Idempotent: a member
 * with a seat gets it back unchanged.
 */
export const signUp = async (identity: Identity, id: string, now = new Date()): Promise<GroupPlace> => {
  const viewer = await viewerOf(identity);
  return retrySeatChange(async () => {
    const { session, seats, seat } = await readVisible(id, viewer);
    if (seat) return placeOf(seat, seats);
    if (partOf(session, viewer.id, seat) !== 'none') throw conflict('already_active', 'You are on stage in this session: there is no need to sign up.');
    if (!(await audienceTakes(session, viewer))) throw new DomainError('forbidden', 'This group session is for another audience.');
    requireOpen(session, now);
    // Read for the words; the transaction checks it again, so a block made meanwhile cancels the try, and the next
    // try reads it here.
    if ((await blockBetween(session.hostId, viewer.id)).any) throw conflict('blocked', 'You cannot sign up for this host’s sessions.');
    const full = session.taken >= session.capacity;
    // The time the request reached the server orders the line, whatever try lands it.
    const next: SeatItem = { groupSessionId: session.id, memberId: viewer.id, status: full ? 'waiting' : 'in', signedUpAt: now.toISOString(), startsAt: session.startsAt };
    await (full ? putSeatWaiting : putSeatIn)(session, next, noBlockChecks(session.hostId, viewer.id));
    if (!full) {
      await afterSeatChange('adding a call member', () => setCallMember(session.kind, session.id, viewer.id, 'user'));
      await tell([viewer.id], session, { letter: groupSessionMails.placed, invite: () => 'REQUEST', at: now });
    }
    // Waiting: the line as it stands now, with those who landed meanwhile, for the member's position in it.
    return full ? placeOf(next, (await getWithSeats(id))?.seats) : placeOf(next, []);
  }, 'Many members are signing up at once: try again in a moment.');
};

/** Gives up the member's place or their place in line; the first waiting moves up. Idempotent: without one, nothing changes. */
export const leave = async (identity: Identity, id: string, now = new Date()): Promise<GroupPlace> => {
  const viewer = await viewerOf(identity);
  return retrySeatChange(async () => {
    const { session, seats, seat } = await readVisible(id, viewer);
    if (!seat) return { status: 'none' };
    requireOpen(session, now);
    const next = seat.status === 'in' ? seats.filter((each) => each.status === 'waiting').sort(lineOrder)[0] : undefined;
    await releaseSeat(session, seat, next);
    if (seat.status === 'in') {
      await afterSeatChange('removing a call member', () => removeCallMember(session.kind, session.id, viewer.id));
      // Off their calendar: the invitation they got with the place.
      await tell([viewer.id], session, { letter: groupSessionMails.left, invite: () => 'CANCEL', at: now });
    }
    if (next) await movedUp(session, next.memberId, now);
    return { status: 'none' };
  }, 'Many members are changing their places at once: try again in a moment.');
};

const movedUp = async (session: GroupSessionItem, memberId: string, now: Date) => {
  await afterSeatChange('adding the member who moved up', () => setCallMember(session.kind, session.id, memberId, 'user'));
  await tell([memberId], session, { letter: groupSessionMails.movedUp, invite: () => 'REQUEST', at: now });
};

// ————— cancelling and joining —————

/**
 * The host or a coordinator calls it off; everyone with a place, waiting, or on stage is told, and those who had its
 * invitation (on stage, or with a place) get its cancellation. Its reminders are deleted.
 */
export const cancelGroupSession = async (identity: Identity, id: string, reason: string, now = new Date()): Promise<GroupSession> => {
  const viewer = await viewerOf(identity);
  const { session, seats, seat, consents } = await readVisible(id, viewer);
  if (session.hostId !== viewer.id && !viewer.coordinator) throw new DomainError('forbidden', 'Only the host or a coordinator can cancel this group session.');
  if (session.state === 'cancelled' || session.state === 'ended') throw conflict('ended', 'This group session is already over.');
  const after = await changeState(session, 'cancelled', { cancelReason: reason }, now.toISOString()).catch(() => {
    throw conflict('changed_meanwhile', 'The group session changed meanwhile: reload it and try again.');
  });
  const invited = new Set([...stagePartsOf(session).keys(), ...placedMemberIds(seats)]);
  const everyone = [...new Set([...invited, ...seats.map((each) => each.memberId)])];
  const by = (memberId: string): 'you' | 'host' | 'programme' => (memberId === viewer.id ? 'you' : viewer.id === session.hostId ? 'host' : 'programme');
  await Promise.all([
    tell(everyone, after, {
      letter: (facts, memberId) => groupSessionMails.cancelled(facts, { reason, by: by(memberId), invited: invited.has(memberId) }),
      invite: (memberId) => (invited.has(memberId) ? 'CANCEL' : null),
      at: now,
    }),
    deleteGroupReminders(session.id),
    afterWrite('ending the group call', () => endGroupCall(session.kind, session.id)),
  ]);
  return toView(after, viewer.id, seat, seats, await namesOf([after]), { coordinator: viewer.coordinator, consents });
};

/**
 * The call, for those who have a part: the host and co-hosts (as `host`) from BACKSTAGE_LEAD_MINUTES before the
 * start, speakers, and members with a place (not those waiting). The call's member list is set again here, so a
 * member whose call membership failed to land at sign-up still gets in. Suspended members never reach this
 * (the route's suspension guard); a block between the member and the host refuses them.
 */
export const joinGroupSession = async (identity: Identity, id: string, now = new Date()): Promise<GroupJoin> => {
  const viewer = await viewerOf(identity);
  const { session, seat } = await readVisible(id, viewer);
  if (session.state === 'cancelled') throw conflict('ended', 'This group session was cancelled.');
  if (session.state === 'ended' || endsAt(session) <= now.getTime()) throw conflict('ended', 'This group session has ended.');
  const part = partOf(session, viewer.id, seat);
  if (part === 'none' || (part === 'participant' && seat?.status !== 'in')) throw new DomainError('forbidden', 'You have no place in this group session.');
  if (seat?.removedAt) throw new DomainError('forbidden', 'The host removed you from this session, so you cannot join it again.');
  if (part !== 'host' && (await blockBetween(session.hostId, viewer.id)).any) throw new DomainError('forbidden', 'You cannot join this host’s sessions.');
  const role: CallRole = part === 'host' || part === 'co_host' ? 'host' : part === 'speaker' ? 'speaker' : 'user';
  if (role !== 'user' && now.getTime() < backstageOpensAt(session.startsAt).getTime()) throw conflict('pending', 'Backstage opens 10 minutes before the start.');
  await setCallMember(session.kind, session.id, viewer.id, role);
  return { callType: session.callType, callId: session.callId, role };
};

// ————— safeguarding —————

/**
 * Who had a part in a session, for a report from it: the host, co-hosts, speakers and members with a place (not
 * those only waiting; a member the host removed had one). Undefined when there is no such session.
 */
export const groupSessionParticipants = async (id: string) => {
  const found = await getWithSeats(id);
  if (!found) return undefined;
  const { session, seats } = found;
  const members = new Set([session.hostId, ...session.coHostIds, ...session.speakerIds, ...seats.filter((seat) => seat.status === 'in').map((seat) => seat.memberId)]);
  return { id: session.id, title: session.title, members };
};
