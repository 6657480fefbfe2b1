/**
 * Booked sessions in the `sessions` table (its doc comment in shared/src/tables.ts has the key design):
 *   SESSION#<id> / META        the session; the call-record consumer adds the record's fields to the same item
 *   SESSION#<id> / NOTES       shared notes (written by the notes route; read here for the detail page)
 *   BUSY#<memberId> / <ISO>    one guard per quarter hour a scheduled session occupies, per member
 * A booking, confirmation, reschedule or cancellation is one TransactWriteItems: the META item conditional on
 * what was read (its `sequence`, which only booking changes bump, and its state), the guards put with
 * attribute_not_exists (so a second booking of an occupied quarter hour fails whole) or deleted, and the
 * mentorship checked still ACTIVE. `startsAt` on a proposed session is its earliest proposed time, so the
 * byMentorship/byMentor/byMentee indexes list proposals too; the view shows null until one is confirmed.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { Interval, Session, SessionState } from '@mentoring/shared';
import { SLOT_STEP_MINUTES } from '@mentoring/shared';
import { randomUUID } from 'node:crypto';
import { documentClient, queryAll, tableName } from '../lib/dynamo';
import { metaKey as mentorshipKey } from '../mentorships';

const STEP_MS = SLOT_STEP_MINUTES * 60_000;
const table = () => tableName('sessions');

export const sessionKey = (id: string) => ({ pk: `SESSION#${id}`, sk: 'META' });
export const notesKey = (id: string) => ({ pk: `SESSION#${id}`, sk: 'NOTES' });
export const busyKey = (memberId: string, quarter: string) => ({ pk: `BUSY#${memberId}`, sk: quarter });

/** The stored META item: the session's booking fields plus whatever the call record has added. */
export interface SessionItem {
  id: string;
  mentorshipId: string;
  mentorId: string;
  menteeId: string;
  state: SessionState;
  planned: boolean;
  /** Index value: the start, or while proposed the earliest proposed time. */
  startsAt: string;
  durationMinutes: number;
  agenda: string;
  proposedTimes: string[];
  bookedBy: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  /** Bumped on every change of the booking: the invitation's SEQUENCE, and what reminders check. */
  sequence: number;
  createdAt: string;
  updatedAt: string;
  [recordField: string]: unknown;
}

const arr = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);
const strOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

/** The API's view of a stored session; record fields the call-record consumer has not written yet read as empty. */
export const toSession = (item: SessionItem): Session => ({
  id: item.id,
  mentorshipId: item.mentorshipId,
  state: item.state,
  planned: item.planned !== false,
  startsAt: item.state === 'proposed' ? null : (strOrNull(item.startsAt) ?? null),
  durationMinutes: item.durationMinutes,
  agenda: item.agenda ?? '',
  proposedTimes: item.state === 'proposed' ? arr<string>(item.proposedTimes) : [],
  bookedBy: item.bookedBy ?? null,
  callType: 'default',
  callId: item.id,
  cancelledBy: item.cancelledBy ?? null,
  cancelReason: item.cancelReason ?? null,
  startedAt: strOrNull(item.startedAt),
  endedAt: strOrNull(item.endedAt),
  attendance: arr(item.attendance),
  recordingConsent: arr(item.recordingConsent),
  hasRecording: item.hasRecording === true,
  hasTranscript: item.hasTranscript === true,
  recordingFailed: item.recordingFailed === true,
  transcriptionFailed: item.transcriptionFailed === true,
  createdAt: item.createdAt,
  updatedAt: item.updatedAt,
});

export const getSessionItem = async (id: string) => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: table(), Key: sessionKey(id), ConsistentRead: true }));
  return (Item as SessionItem | undefined) ?? null;
};

/** META and NOTES of a session in one read. */
export const getSessionWithNotes = async (id: string) => {
  const { Items = [] } = await documentClient.send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': sessionKey(id).pk },
      ConsistentRead: true,
    }),
  );
  const meta = Items.find((item) => item.sk === 'META') as SessionItem | undefined;
  const notes = Items.find((item) => item.sk === 'NOTES');
  return meta ? { session: meta, notes: notes ?? null } : null;
};

/** A mentorship's sessions, by start. */
export const listMentorshipSessions = async (mentorshipId: string) =>
  (await queryAll({
    TableName: table(),
    IndexName: 'byMentorship',
    KeyConditionExpression: 'mentorshipId = :id',
    ExpressionAttributeValues: { ':id': mentorshipId },
  })) as SessionItem[];

/** A member's sessions starting at or after `from`, by start (both indexes: a member is one side or the other). */
export const listMemberSessionsFrom = async (memberId: string, from: string) => {
  const [asMentor, asMentee] = await Promise.all(
    (['byMentor', 'byMentee'] as const).map((index) =>
      queryAll({
        TableName: table(),
        IndexName: index,
        KeyConditionExpression: `${index === 'byMentor' ? 'mentorId' : 'menteeId'} = :member AND startsAt >= :from`,
        ExpressionAttributeValues: { ':member': memberId, ':from': from },
      }),
    ),
  );
  return ([...asMentor!, ...asMentee!] as SessionItem[]).sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id));
};

/** Every stored session item of the member's on one side (for their data export), without the table's keys. */
export const sessionItemsOf = async (index: 'byMentor' | 'byMentee', memberId: string) => {
  const items = await queryAll({
    TableName: table(),
    IndexName: index,
    KeyConditionExpression: '#key = :id',
    ExpressionAttributeNames: { '#key': index === 'byMentor' ? 'mentorId' : 'menteeId' },
    ExpressionAttributeValues: { ':id': memberId },
  });
  return items.map(({ pk: _pk, sk: _sk, ...rest }) => rest);
};

/** The quarter hours the members' sessions occupy within [from, to), as intervals; `except` leaves one session out. */
export const busyIntervals = async (memberIds: readonly string[], from: number, to: number, except?: string): Promise<Interval[]> => {
  const lists = await Promise.all(
    memberIds.map((memberId) =>
      queryAll({
        TableName: table(),
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: { ':pk': `BUSY#${memberId}`, ':from': new Date(from - STEP_MS).toISOString(), ':to': new Date(to).toISOString() },
        ProjectionExpression: 'sk, sessionId',
      }),
    ),
  );
  return lists
    .flat()
    .filter((guard) => guard.sessionId !== except)
    .map((guard) => {
      const start = Date.parse(guard.sk as string);
      return { start, end: start + STEP_MS };
    });
};

type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
export type GuardLabel = 'session' | 'busy' | 'mentorship';

/** Which rule a cancelled transaction broke: a taken quarter hour, a changed session, or a mentorship no longer active. */
export class BookingCancelled extends Error {
  constructor(readonly failed: GuardLabel[]) {
    super(`Booking transaction cancelled: ${failed.join(', ') || 'conflict'}`);
    this.name = 'BookingCancelled';
  }
}

const run = async (items: { label: GuardLabel; item: TransactItem }[]) => {
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items.map(({ item }) => item), ClientRequestToken: randomUUID() }));
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const reasons = error.CancellationReasons ?? [];
      const failed = [...new Set(reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [items[index]!.label] : [])))];
      // A TransactionConflict means another transaction on the same items was in flight: the same race as a taken guard.
      throw new BookingCancelled(failed.length ? failed : ['busy']);
    }
    throw error;
  }
};

const guardPuts = (session: Pick<SessionItem, 'id' | 'mentorId' | 'menteeId'>, quarters: readonly string[]) =>
  [session.mentorId, session.menteeId].flatMap((memberId) =>
    quarters.map((quarter) => ({
      label: 'busy' as const,
      item: {
        Put: {
          TableName: table(),
          Item: { ...busyKey(memberId, quarter), sessionId: session.id, memberId },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    })),
  );

const guardDeletes = (session: Pick<SessionItem, 'id' | 'mentorId' | 'menteeId'>, quarters: readonly string[]) =>
  [session.mentorId, session.menteeId].flatMap((memberId) =>
    quarters.map((quarter) => ({
      label: 'busy' as const,
      item: {
        Delete: {
          TableName: table(),
          Key: busyKey(memberId, quarter),
          ConditionExpression: 'sessionId = :id',
          ExpressionAttributeValues: { ':id': session.id },
        },
      },
    })),
  );

const mentorshipActive = (mentorshipId: string) => ({
  label: 'mentorship' as const,
  item: {
    ConditionCheck: {
      TableName: tableName('mentorships'),
      Key: mentorshipKey(mentorshipId),
      ConditionExpression: '#state = :active',
      ExpressionAttributeNames: { '#state': 'state' },
      ExpressionAttributeValues: { ':active': 'ACTIVE' },
    },
  },
});

/** A new session with its guards (none while proposed), only while the mentorship is active. */
export const createSession = async (item: SessionItem, quarters: readonly string[]) => {
  await run([
    { label: 'session', item: { Put: { TableName: table(), Item: { ...sessionKey(item.id), ...item }, ConditionExpression: 'attribute_not_exists(pk)' } } },
    ...guardPuts(item, quarters),
    mentorshipActive(item.mentorshipId),
  ]);
};

export type BookingChange = Pick<SessionItem, 'state' | 'startsAt' | 'durationMinutes' | 'proposedTimes' | 'cancelledBy' | 'cancelReason' | 'updatedAt'> & {
  rescheduleReason?: string | null;
};

/**
 * Changes a session's booking: META updated only if its state and sequence are still what was read, guards of
 * quarter hours no longer occupied deleted, of newly occupied ones put (those in both stay), and, unless
 * cancelling, the mentorship checked active. Returns the stored item after the change.
 */
export const changeBooking = async (
  before: SessionItem,
  change: BookingChange,
  { oldQuarters, newQuarters, requireActive }: { oldQuarters: readonly string[]; newQuarters: readonly string[]; requireActive: boolean },
): Promise<SessionItem> => {
  const keep = new Set(newQuarters);
  const had = new Set(oldQuarters);
  const after: SessionItem = { ...before, ...change, sequence: before.sequence + 1 };
  const values: Record<string, unknown> = {
    ':state': change.state,
    ':startsAt': change.startsAt,
    ':duration': change.durationMinutes,
    ':proposed': change.proposedTimes,
    ':cancelledBy': change.cancelledBy,
    ':cancelReason': change.cancelReason,
    ':updatedAt': change.updatedAt,
    ':next': after.sequence,
    ':sequence': before.sequence,
    ':was': before.state,
  };
  let reschedule = '';
  if (change.rescheduleReason !== undefined) {
    reschedule = ', rescheduleReason = :reason';
    values[':reason'] = change.rescheduleReason;
  }
  await run([
    {
      label: 'session',
      item: {
        Update: {
          TableName: table(),
          Key: sessionKey(before.id),
          UpdateExpression: `SET #state = :state, startsAt = :startsAt, durationMinutes = :duration, proposedTimes = :proposed, cancelledBy = :cancelledBy, cancelReason = :cancelReason, updatedAt = :updatedAt, #sequence = :next${reschedule}`,
          ConditionExpression: '#state = :was AND #sequence = :sequence',
          ExpressionAttributeNames: { '#state': 'state', '#sequence': 'sequence' },
          ExpressionAttributeValues: values,
        },
      },
    },
    ...guardDeletes(before, oldQuarters.filter((quarter) => !keep.has(quarter))),
    ...guardPuts(before, newQuarters.filter((quarter) => !had.has(quarter))),
    ...(requireActive ? [mentorshipActive(before.mentorshipId)] : []),
  ]);
  return after;
};

/**
 * Marks a reminder as sent for this booking (`sequence`), so a repeated run of the schedule sends nothing and a
 * reminder for a booking that has since changed or been cancelled sends nothing either. True if it was marked now.
 */
export const claimReminder = async (id: string, reminder: string, sequence: number) => {
  const attribute = `reminded${reminder}`;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: sessionKey(id),
        UpdateExpression: 'SET #reminded = :sequence',
        ConditionExpression: '#state = :scheduled AND #sequence = :sequence AND (attribute_not_exists(#reminded) OR #reminded <> :sequence)',
        ExpressionAttributeNames: { '#reminded': attribute, '#state': 'state', '#sequence': 'sequence' },
        ExpressionAttributeValues: { ':sequence': sequence, ':scheduled': 'scheduled' },
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/** The mentorship's open action items (ACTIONS#<mentorshipId>, written by the action-items routes), by due date. */
export const openActionItems = async (mentorshipId: string) => {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': `ACTIONS#${mentorshipId}` },
  });
  return items
    .filter((item) => item.done !== true && typeof item.text === 'string')
    .map((item) => ({ text: item.text as string, ownerId: strOrNull(item.ownerId), dueOn: strOrNull(item.dueOn) }))
    .sort((a, b) => (a.dueOn ?? '9999').localeCompare(b.dueOn ?? '9999'));
};
