/**
 * The call-record side of the `sessions` table (the booking side, repository.ts, owns the rest of the META item):
 *   SESSION#<id> / META             the session (sessionSchema's fields); this side writes only the attributes
 *                                   it owns, each with UpdateItem: startedAt, endedAt, attendance, hasRecording,
 *                                   hasTranscript, recordingFailed, transcriptionFailed, state (held), recordingConsent (+ consentedMembers, a string
 *                                   set that makes a consent idempotent) and recordVersion (see saveRecord)
 *   SESSION#<id> / FACT#<kind>#...  one item per call webhook (record.ts), written again by a redelivery
 *   SESSION#<id> / NOTES            the shared notes: text, version, updatedAt, updatedBy
 *   ACTIONS#<mentorshipId> / <itemId>  the pair's action items (action-items-repository.ts)
 * A call of the mentorship that was never booked gets a whole unplanned session from whichever write comes
 * first (`ensureUnplanned`: every attribute `if_not_exists`, so it never overwrites a booked session's).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { MENTORSHIP_CALL_TYPE, type Session } from '@mentoring/shared';
import { documentClient, ignoreStale, queryAll, tableName } from '../lib/dynamo';
import { recordHeldSession, type MentorshipRecord } from '../mentorships';
import { sessionKey } from './repository';

/** A call webhook as stored: the facts the record is built from (calls/record.ts builds it; this file stores both). */
export type Fact =
  | { kind: 'started'; callSessionId: string; at: string }
  | { kind: 'ended'; callSessionId: string; at: string }
  | { kind: 'joined'; callSessionId: string; userSessionId: string; userId: string; at: string }
  | { kind: 'left'; callSessionId: string; userSessionId: string; userId: string; joinedAt: string | null; at: string; seconds: number | null }
  | { kind: 'recording'; callSessionId: string; filename: string; at: string }
  | { kind: 'transcript'; callSessionId: string; filename: string; at: string }
  | { kind: 'recordingFailed' | 'transcriptionFailed'; callSessionId: string; egressId: string; at: string };

/** The sort key of a fact: one item per event, so a duplicate overwrites itself with the same content. */
export const factKey = (fact: Fact): string => {
  switch (fact.kind) {
    case 'started':
    case 'ended':
      return `FACT#${fact.kind}#${fact.callSessionId}`;
    case 'joined':
    case 'left':
      return `FACT#${fact.kind}#${fact.callSessionId}#${fact.userSessionId}`;
    case 'recording':
    case 'transcript':
      return `FACT#${fact.kind}#${fact.callSessionId}#${fact.filename}`;
    case 'recordingFailed':
    case 'transcriptionFailed':
      return `FACT#${fact.kind}#${fact.egressId}#${fact.at}`;
  }
};

export type CallRecord = Pick<Session, 'startedAt' | 'endedAt' | 'attendance' | 'hasRecording' | 'hasTranscript' | 'recordingFailed' | 'transcriptionFailed'> & {
  /** The call took place: someone of the pair (or anyone, by Stream's session start) was in it. */
  held: boolean;
};

const table = () => tableName('sessions');

/** A session's META item as the call record reads it: maybe unplanned, maybe written before a field existed. */
export type RecordedSession = Partial<Session> & { id: string; mentorshipId: string; recordVersion?: number; consentedMembers?: Set<string> };

export const getRecordedSession = async (id: string) =>
  (await documentClient.send(new GetCommand({ TableName: table(), Key: sessionKey(id), ConsistentRead: true }))).Item as RecordedSession | undefined;

/**
 * What makes a missing session item a whole unplanned session, as `if_not_exists` parts of an update: a booked
 * session's attributes always win, and an unplanned one's first writer sets them once.
 */
export const ensureUnplanned = (
  sessionId: string,
  mentorship: Pick<MentorshipRecord, 'id' | 'mentorId' | 'menteeId'>,
  at: string,
  { except = [] }: { except?: readonly string[] } = {},
) => {
  const defaults: Record<string, unknown> = {
    id: sessionId,
    mentorshipId: mentorship.id,
    mentorId: mentorship.mentorId,
    menteeId: mentorship.menteeId,
    planned: false,
    durationMinutes: 0,
    agenda: '',
    proposedTimes: [],
    bookedBy: null,
    callType: MENTORSHIP_CALL_TYPE,
    callId: sessionId,
    cancelledBy: null,
    cancelReason: null,
    startedAt: null,
    endedAt: null,
    attendance: [],
    recordingConsent: [],
    hasRecording: false,
    hasTranscript: false,
    recordingFailed: false,
    transcriptionFailed: false,
    createdAt: at,
  };
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(defaults)
    .filter(([field]) => !except.includes(field))
    .map(([field, value], index) => {
    names[`#u${index}`] = field;
    values[`:u${index}`] = value;
    return `#u${index} = if_not_exists(#u${index}, :u${index})`;
  });
  return { sets, names, values };
};

export const saveFact = (sessionId: string, fact: Fact) =>
  documentClient.send(new PutCommand({ TableName: table(), Item: { pk: sessionKey(sessionId).pk, sk: factKey(fact), ...fact } }));

export const listFacts = async (sessionId: string) => {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': sessionKey(sessionId).pk, ':prefix': 'FACT#' },
    ConsistentRead: true,
  });
  return items.map(({ pk: _pk, sk: _sk, ...fact }) => fact as Fact);
};

const sameRecord = (item: RecordedSession | undefined, record: CallRecord) =>
  item !== undefined &&
  item.startedAt === record.startedAt &&
  item.endedAt === record.endedAt &&
  item.hasRecording === record.hasRecording &&
  item.hasTranscript === record.hasTranscript &&
  (item.recordingFailed ?? false) === record.recordingFailed &&
  (item.transcriptionFailed ?? false) === record.transcriptionFailed &&
  JSON.stringify(item.attendance ?? []) === JSON.stringify(record.attendance) &&
  (!record.held || item.state === 'held') &&
  (item.planned !== false || record.startedAt === null || item.startsAt === record.startedAt);

/**
 * Writes the record built from the facts read at `recordVersion` `version`, conditional on that version: a
 * writer that read fewer facts than a concurrent one loses, reads again and rebuilds (the caller's loop).
 * False when another writer came first. Nothing is written when the stored record is already this one.
 */
export const saveRecord = async (
  sessionId: string,
  item: RecordedSession | undefined,
  record: CallRecord,
  mentorship: Pick<MentorshipRecord, 'id' | 'mentorId' | 'menteeId'>,
  now: string,
) => {
  if (sameRecord(item, record)) return true;
  const version = item?.recordVersion ?? 0;
  const owned = ['startedAt', 'endedAt', 'attendance', 'hasRecording', 'hasTranscript', 'recordingFailed', 'transcriptionFailed'];
  const ensure = ensureUnplanned(sessionId, mentorship, now, { except: owned });
  const names: Record<string, string> = { ...ensure.names, '#state': 'state', '#startsAt': 'startsAt' };
  const values: Record<string, unknown> = {
    ...ensure.values,
    ':startedAt': record.startedAt,
    ':endedAt': record.endedAt,
    ':attendance': record.attendance,
    ':hasRecording': record.hasRecording,
    ':hasTranscript': record.hasTranscript,
    ':recordingFailed': record.recordingFailed,
    ':transcriptionFailed': record.transcriptionFailed,
    ':held': 'held',
    ':next': version + 1,
    ':now': now,
  };
  const sets = [
    ...ensure.sets,
    'startedAt = :startedAt',
    'endedAt = :endedAt',
    'attendance = :attendance',
    'hasRecording = :hasRecording',
    'hasTranscript = :hasTranscript',
    'recordingFailed = :recordingFailed',
    'transcriptionFailed = :transcriptionFailed',
    // A call of a booked session that took place makes it held; until then its state is the booking's.
    record.held ? '#state = :held' : '#state = if_not_exists(#state, :held)',
    'recordVersion = :next',
    'updatedAt = :now',
  ];
  // An unplanned session starts when its call did; a booked one keeps its booked start.
  if (item?.planned !== true) sets.push(record.startedAt ? '#startsAt = :startedAt' : '#startsAt = if_not_exists(#startsAt, :now)');
  else delete names['#startsAt'];
  return ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: sessionKey(sessionId),
        UpdateExpression: `SET ${sets.join(', ')}`,
        ConditionExpression: version === 0 ? 'attribute_not_exists(recordVersion)' : 'recordVersion = :version',
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: version === 0 ? values : { ...values, ':version': version },
      }),
    ),
  );
};

const heldStartsOf = async (mentorshipId: string) => {
  const starts = new Map<string, string>();
  const items = await queryAll({ TableName: table(), IndexName: 'byMentorship', KeyConditionExpression: 'mentorshipId = :id', ExpressionAttributeValues: { ':id': mentorshipId } });
  for (const item of items) if (item.state === 'held' && typeof item.startedAt === 'string') starts.set(item.id as string, item.startedAt);
  return starts;
};

/**
 * The mentorship's first and latest held session (by when each started): the mentorships module stores them,
 * from this session's start and the pair's held sessions read here (this one's start as just stored, since the
 * index may lag).
 */
export const recordSessionHeld = (mentorshipId: string, sessionId: string, startedAt: string) =>
  recordHeldSession(mentorshipId, startedAt, async () => {
    const starts = await heldStartsOf(mentorshipId);
    starts.set(sessionId, startedAt);
    return [...starts.values()].reduce((max, value) => (Date.parse(value) > Date.parse(max) ? value : max));
  });

/**
 * Adds the member's consent once (the string set `consentedMembers` makes a repeat a no-op). A session that is
 * not booked but whose call exists becomes an unplanned session here, as the record consumer would make it.
 */
export const addRecordingConsent = (sessionId: string, mentorship: Pick<MentorshipRecord, 'id' | 'mentorId' | 'menteeId'>, memberId: string, at: string) => {
  const ensure = ensureUnplanned(sessionId, mentorship, at, { except: ['recordingConsent'] });
  return ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: sessionKey(sessionId),
        UpdateExpression: `SET ${[
          ...ensure.sets,
          '#state = if_not_exists(#state, :held)',
          '#startsAt = if_not_exists(#startsAt, :at)',
          'updatedAt = :at',
          'recordingConsent = list_append(if_not_exists(recordingConsent, :none), :consent)',
        ].join(', ')} ADD consentedMembers :members`,
        ConditionExpression: 'attribute_not_exists(consentedMembers) OR NOT contains(consentedMembers, :memberId)',
        ExpressionAttributeNames: { ...ensure.names, '#state': 'state', '#startsAt': 'startsAt' },
        ExpressionAttributeValues: {
          ...ensure.values,
          ':held': 'held',
          ':at': at,
          ':none': [],
          ':consent': [{ memberId, at }],
          ':members': new Set([memberId]),
          ':memberId': memberId,
        },
      }),
    ),
  );
};
