/**
 * Group sessions in the `groupSessions` table (its doc comment in shared/src/tables.ts has the key design):
 *   GROUP#<id> / META             the session and its counters: `taken` places, `waiting` members
 *   GROUP#<id> / SEAT#<memberId>  a member's place: `in`, or `waiting`; the line is in the order of `signedUpAt`
 *                                 (the member's id breaks a tie), the time each sign-up reached the server;
 *                                 `removedAt` once the host removed them from the call
 *   GROUP#<id> / ATTEND#<call session>#<user session>  one stretch of a member in the call, from its webhooks
 *   GROUP#<id> / CONSENT#<memberId>  the member's consent to the call's recording and transcription (`at`)
 * Every sign-up and leave is one TransactWriteItems of the member's seat and META's counters, each conditional on
 * what was read; two at once make one of them fail whole, and the service reads again and retries. A full session
 * never takes one more: a seat is `in` only with `taken < capacity` in the same transaction.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { GroupAudience, GroupSessionKind, GroupSessionState } from '@mentoring/shared';
import { documentClient, queryAll, tableName } from '../lib/dynamo';

const table = () => tableName('groupSessions');

const partition = (id: string) => `GROUP#${id}`;
const metaKey = (id: string) => ({ pk: partition(id), sk: 'META' });
const seatKey = (id: string, memberId: string) => ({ pk: partition(id), sk: `SEAT#${memberId}` });
const consentKey = (id: string, memberId: string) => ({ pk: partition(id), sk: `CONSENT#${memberId}` });
/**
 * `listing`, the `upcoming` index's partition: `GROUP` while a session may still be joined (the members' lists read
 * only those), `GROUP_PAST` once it ended or was cancelled (the coordinator's dashboard reads those by start).
 */
export const LISTING = 'GROUP';
export const LISTING_PAST = 'GROUP_PAST';

export interface GroupSessionItem {
  id: string;
  kind: GroupSessionKind;
  title: string;
  description: string;
  topics: string[];
  startsAt: string;
  durationMinutes: number;
  capacity: number;
  audience: GroupAudience;
  state: GroupSessionState;
  hostId: string;
  coHostIds: string[];
  speakerIds: string[];
  callType: 'livestream' | 'audio_room';
  callId: string;
  taken: number;
  waiting: number;
  cancelReason: string | null;
  /** A workshop a coordinator made public (absent: not public). */
  public?: boolean;
  createdBy: string;
  createdAt: string;
  updatedAt: string;
  listing?: typeof LISTING | typeof LISTING_PAST;
}

export interface SeatItem {
  groupSessionId: string;
  memberId: string;
  status: 'in' | 'waiting';
  signedUpAt: string;
  /** The session's start, for the member's own list (index `byMember`). */
  startsAt: string;
  /** When the host removed the member from the call: they may not join it again. */
  removedAt?: string;
  /** Since when one of the audience is on stage (the host granted them the floor), until it is taken back. */
  onStageAt?: string;
  /** The time of the last stage change applied: a change Stream reports late does not undo a newer one. */
  stageChangedAt?: string;
  /** The member's rating of the session (1–5), with a comment, once it took place. */
  rating?: number;
  ratingComment?: string;
  ratedAt?: string;
}

/** The waiting line's order: arrival, then the member's id. */
export const lineOrder = (a: SeatItem, b: SeatItem) => a.signedUpAt.localeCompare(b.signedUpAt) || a.memberId.localeCompare(b.memberId);

/** A transaction's condition failed (or collided with another): read again and decide again. */
export class SeatChangeCancelled extends Error {
  constructor() {
    super('The seat change was cancelled by a concurrent change.');
  }
}

const strip = <T>(item: Record<string, unknown>) => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as T;
};

export const createGroupSession = async (item: GroupSessionItem) => {
  await documentClient.send(
    new PutCommand({ TableName: table(), Item: { ...metaKey(item.id), ...item, listing: LISTING }, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
};

export const getGroupSession = async (id: string) => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: table(), Key: metaKey(id), ConsistentRead: true }));
  return Item ? strip<GroupSessionItem>(Item) : undefined;
};

/** A member's consent to the call's recording and transcription: GROUP#<id> / CONSENT#<memberId>. */
export interface ConsentItem {
  memberId: string;
  at: string;
}

/** The session, every seat and every consent (one Query of its partition: a session has at most a few hundred). */
export const getWithSeats = async (id: string) => {
  const items = await queryAll({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': partition(id) }, ConsistentRead: true });
  const meta = items.find((item) => item.sk === 'META');
  const seats = items.filter((item) => String(item.sk).startsWith('SEAT#')).map((item) => strip<SeatItem>(item));
  const consents = items.filter((item) => String(item.sk).startsWith('CONSENT#')).map((item) => strip<ConsentItem>(item));
  return meta ? { session: strip<GroupSessionItem>(meta), seats, consents } : undefined;
};

/** Stores the member's consent once: given again, the first one (and its time) stays. */
export const saveConsent = async (id: string, consent: ConsentItem) => {
  try {
    await documentClient.send(new PutCommand({ TableName: table(), Item: { ...consentKey(id, consent.memberId), ...consent }, ConditionExpression: 'attribute_not_exists(pk)' }));
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
};

export const getSeat = async (id: string, memberId: string) => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: table(), Key: seatKey(id, memberId), ConsistentRead: true }));
  return Item ? strip<SeatItem>(Item) : undefined;
};

/** Sessions still to be joined (scheduled or live) starting from `from`, by start. */
export const listUpcoming = async (from: string, to?: string) =>
  (
    await queryAll({
      TableName: table(),
      IndexName: 'upcoming',
      KeyConditionExpression: to ? 'listing = :listing AND startsAt BETWEEN :from AND :to' : 'listing = :listing AND startsAt >= :from',
      ExpressionAttributeValues: { ':listing': LISTING, ':from': from, ...(to ? { ':to': to } : {}) },
    })
  ).map((item) => strip<GroupSessionItem>(item));

/** The member's seats in sessions starting from `from`. */
export const seatsOfMember = async (memberId: string, from: string) =>
  (
    await queryAll({
      TableName: table(),
      IndexName: 'byMember',
      KeyConditionExpression: 'memberId = :member AND startsAt >= :from',
      ExpressionAttributeValues: { ':member': memberId, ':from': from },
    })
  ).map((item) => strip<SeatItem>(item));

const transact = async (items: NonNullable<TransactWriteCommandInput['TransactItems']>) => {
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) throw new SeatChangeCancelled();
    throw error;
  }
};

type Extra = NonNullable<TransactWriteCommandInput['TransactItems']>;

/** Takes a place: the seat put new, `taken` counted up only while below capacity and the session scheduled. */
export const putSeatIn = (session: GroupSessionItem, seat: SeatItem, checks: Extra = []) =>
  transact([
    { Put: { TableName: table(), Item: { ...seatKey(session.id, seat.memberId), ...seat }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        TableName: table(),
        Key: metaKey(session.id),
        UpdateExpression: 'SET taken = taken + :one',
        ConditionExpression: '#state = :scheduled AND taken < #capacity',
        ExpressionAttributeNames: { '#state': 'state', '#capacity': 'capacity' },
        ExpressionAttributeValues: { ':one': 1, ':scheduled': 'scheduled' },
      },
    },
    ...checks,
  ]);

/** Joins the waiting list: conditional on the session being full (a place freed meanwhile is taken instead). */
export const putSeatWaiting = (session: GroupSessionItem, seat: SeatItem, checks: Extra = []) =>
  transact([
    { Put: { TableName: table(), Item: { ...seatKey(session.id, seat.memberId), ...seat }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        TableName: table(),
        Key: metaKey(session.id),
        UpdateExpression: 'SET waiting = waiting + :one',
        ConditionExpression: '#state = :scheduled AND taken >= #capacity',
        ExpressionAttributeNames: { '#state': 'state', '#capacity': 'capacity' },
        ExpressionAttributeValues: { ':one': 1, ':scheduled': 'scheduled' },
      },
    },
    ...checks,
  ]);

const deleteSeat = (session: GroupSessionItem, seat: SeatItem) => ({
  Delete: {
    TableName: table(),
    Key: seatKey(session.id, seat.memberId),
    ConditionExpression: '#status = :status',
    ExpressionAttributeNames: { '#status': 'status' },
    ExpressionAttributeValues: { ':status': seat.status },
  },
});

/**
 * Gives up a place. With someone waiting, `next` (the first of them) moves up in the same transaction and
 * `taken` stays; with nobody waiting, `taken` is counted down (conditional on nobody having started to wait).
 */
export const releaseSeat = (session: GroupSessionItem, seat: SeatItem, next: SeatItem | undefined) =>
  transact(
    seat.status === 'waiting'
      ? [
          deleteSeat(session, seat),
          { Update: { TableName: table(), Key: metaKey(session.id), UpdateExpression: 'SET waiting = waiting - :one', ExpressionAttributeValues: { ':one': 1 } } },
        ]
      : next
        ? [
            deleteSeat(session, seat),
            {
              Update: {
                TableName: table(),
                Key: seatKey(session.id, next.memberId),
                UpdateExpression: 'SET #status = :in',
                ConditionExpression: '#status = :waiting',
                ExpressionAttributeNames: { '#status': 'status' },
                ExpressionAttributeValues: { ':in': 'in', ':waiting': 'waiting' },
              },
            },
            { Update: { TableName: table(), Key: metaKey(session.id), UpdateExpression: 'SET waiting = waiting - :one', ConditionExpression: 'waiting > :zero', ExpressionAttributeValues: { ':one': 1, ':zero': 0 } } },
          ]
        : [
            deleteSeat(session, seat),
            { Update: { TableName: table(), Key: metaKey(session.id), UpdateExpression: 'SET taken = taken - :one', ConditionExpression: 'waiting = :zero', ExpressionAttributeValues: { ':one': 1, ':zero': 0 } } },
          ],
  );

/** Sets a new state (live, ended, cancelled), conditional on the one read; an ended or cancelled one moves to the past listing. */
export const changeState = async (session: GroupSessionItem, state: GroupSessionState, fields: { cancelReason?: string }, now: string) => {
  const leaves = state === 'ended' || state === 'cancelled';
  const { Attributes } = await documentClient.send(
    new UpdateCommand({
      TableName: table(),
      Key: metaKey(session.id),
      UpdateExpression: `SET #state = :state, updatedAt = :now${fields.cancelReason !== undefined ? ', cancelReason = :reason' : ''}${leaves ? ', listing = :past' : ''}`,
      ConditionExpression: '#state = :before',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: {
        ':state': state,
        ':before': session.state,
        ':now': now,
        ...(fields.cancelReason !== undefined ? { ':reason': fields.cancelReason } : {}),
        ...(leaves ? { ':past': LISTING_PAST } : {}),
      },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return strip<GroupSessionItem>(Attributes!);
};

/** A workshop made public or private: conditional on it being a workshop still to come or live (not ended, not cancelled). */
export const setPublic = async (session: GroupSessionItem, value: boolean, now: string) => {
  const { Attributes } = await documentClient.send(
    new UpdateCommand({
      TableName: table(),
      Key: metaKey(session.id),
      UpdateExpression: 'SET #public = :value, updatedAt = :now',
      ConditionExpression: 'kind = :workshop AND #state IN (:scheduled, :live)',
      ExpressionAttributeNames: { '#public': 'public', '#state': 'state' },
      ExpressionAttributeValues: { ':value': value, ':now': now, ':workshop': 'workshop', ':scheduled': 'scheduled', ':live': 'live' },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return strip<GroupSessionItem>(Attributes!);
};

// ————— the call, from its webhooks —————

/** One stretch of a member in the session's call: GROUP#<id> / ATTEND#<call session>#<user session>. */
export interface AttendanceItem {
  memberId: string;
  joinedAt: string;
  leftAt: string | null;
  seconds: number | null;
}

const attendanceKey = (id: string, callSessionId: string, userSessionId: string) => ({ pk: partition(id), sk: `ATTEND#${callSessionId}#${userSessionId}` });

/** A participant joined (a redelivery, or a left event that came first, changes nothing it knows). */
export const saveJoined = (id: string, stretch: { callSessionId: string; userSessionId: string; memberId: string; at: string }) =>
  documentClient.send(
    new UpdateCommand({
      TableName: table(),
      Key: attendanceKey(id, stretch.callSessionId, stretch.userSessionId),
      UpdateExpression: 'SET memberId = :member, joinedAt = if_not_exists(joinedAt, :at), leftAt = if_not_exists(leftAt, :none), seconds = if_not_exists(seconds, :none)',
      ExpressionAttributeValues: { ':member': stretch.memberId, ':at': stretch.at, ':none': null },
    }),
  );

/** A participant left, after `seconds` in the call (Stream's duration of that stretch). */
export const saveLeft = (id: string, stretch: { callSessionId: string; userSessionId: string; memberId: string; joinedAt: string; at: string; seconds: number }) =>
  documentClient.send(
    new UpdateCommand({
      TableName: table(),
      Key: attendanceKey(id, stretch.callSessionId, stretch.userSessionId),
      UpdateExpression: 'SET memberId = :member, joinedAt = if_not_exists(joinedAt, :joined), leftAt = :at, seconds = :seconds',
      ExpressionAttributeValues: { ':member': stretch.memberId, ':joined': stretch.joinedAt, ':at': stretch.at, ':seconds': stretch.seconds },
    }),
  );

export const listAttendance = async (id: string) =>
  (
    await queryAll({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': partition(id), ':prefix': 'ATTEND#' },
    })
  ).map((item) => strip<AttendanceItem>(item));

/** The host removed the member from the call (Stream's block): their seat says so, and they cannot join again. */
export const markRemoved = async (id: string, memberId: string, at: string) => {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: seatKey(id, memberId),
        UpdateExpression: 'SET removedAt = if_not_exists(removedAt, :at)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    return true;
  } catch (error) {
    // Someone on stage (a co-host, a speaker) has no seat: Stream's block alone keeps them out.
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
};

/**
 * One of the audience brought on stage (`onStage`) or sent back, as of `at`; an older change than the one stored is
 * ignored. Someone on stage by role (a co-host, a speaker) has no seat: their role says it.
 */
export const markOnStage = async (id: string, memberId: string, onStage: boolean, at: string) => {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: seatKey(id, memberId),
        UpdateExpression: onStage ? 'SET onStageAt = if_not_exists(onStageAt, :at), stageChangedAt = :at' : 'SET stageChangedAt = :at REMOVE onStageAt',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(stageChangedAt) OR stageChangedAt <= :at)',
        ExpressionAttributeValues: { ':at': at },
      }),
    );
  } catch (error) {
    if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
  }
};

/** A member's rating of the session on their seat (conditional on the seat still being theirs, with a place). */
export const saveRating = (id: string, memberId: string, rating: { value: number; comment: string; at: string }) =>
  documentClient.send(
    new UpdateCommand({
      TableName: table(),
      Key: seatKey(id, memberId),
      UpdateExpression: 'SET rating = :value, ratingComment = :comment, ratedAt = :at',
      ConditionExpression: 'attribute_exists(pk) AND #status = :in',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':value': rating.value, ':comment': rating.comment, ':at': rating.at, ':in': 'in' },
    }),
  );

/**
 * Claims a reminder (24h, 1h) of a session still scheduled, once: a repeated run of its schedule, or one for a
 * session cancelled since, claims nothing and sends nothing.
 */
export const claimReminder = async (id: string, reminder: string, at: string) => {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: metaKey(id),
        UpdateExpression: 'SET #reminded = :at',
        ConditionExpression: '#state = :scheduled AND attribute_not_exists(#reminded)',
        ExpressionAttributeNames: { '#reminded': `reminded${reminder}`, '#state': 'state' },
        ExpressionAttributeValues: { ':at': at, ':scheduled': 'scheduled' },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
};
