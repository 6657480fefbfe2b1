/**
 * Mentorships in one table (single-table design):
 *   MENTORSHIP#<id> / META                  the mentorship: state, version, parties, dates, answers
 *   MENTORSHIP#<id> / EVENT#<at>#<version>  append-only log, one item per change (written with the change)
 *   PAIR#<mentorId>#<menteeId> / GUARD      exists while the pair has a live request or mentorship
 *   MENTEE#<menteeId> / MATCH               exists while the mentee has an ACTIVE or SUSPENDED mentorship
 *   MENTEE#<menteeId> / COUNTERS            the mentee's open requests and proposals
 *   MENTEE#<menteeId> / DECLINED            `mentorIds`, a string set: the mentors the directory leaves out for
 *                                           this mentee because one of the two said no (see declinedItem)
 * Only META items carry mentorId, menteeId and state, so only they appear in the byMentor, byMentee and
 * byState indexes. Every change is one TransactWriteItems: META conditional on the state and version that
 * were read, the event appended, and the guards, counters and the mentor's places kept in step with it.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, GetCommand, type BatchGetCommandOutput, TransactWriteCommand, type TransactWriteCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Actor, DeclinedReason, EndReason, FitCheckAnswer, MentorshipAction, MentorshipEvent, MentorshipState } from '@mentoring/shared';
import { randomUUID } from 'node:crypto';
import { documentClient, ignoreStale, queryAll, tableName, type ItemRead } from '../lib/dynamo';
import { logger } from '../lib/powertools';

export type Side = 'mentor' | 'mentee';

export interface MentorshipRecord {
  id: string;
  state: MentorshipState;
  version: number;
  mentorId: string;
  menteeId: string;
  /** A mentee's request, or a coordinator's proposal. */
  origin: 'request' | 'proposal';
  message: string;
  createdAt: string;
  updatedAt: string;
  expiresAt: string | null;
  endsAt: string | null;
  activatedAt: string | null;
  declineReason: DeclinedReason | null;
  declineMessage: string | null;
  endReason: EndReason | null;
  endMessage: string | null;
  acceptedBy: Side[];
  proposedBy: string | null;
  /** Kept by the session-record consumer when a session of the pair is held (min and max of their starts). */
  firstSessionAt?: string;
  lastSessionAt?: string;
  /** The surveys' answers, each side's once (functions/src/mentorships/surveys.ts). */
  fitCheck?: Partial<Record<Side, FitCheckAnswer>>;
  /** When a side answered "not a fit" first: the coordinators' dashboard flags the pair. */
  fitFlaggedAt?: string;
  closingSurvey?: Partial<Record<Side, string>>;
}

export const sideOf = (record: Pick<MentorshipRecord, 'mentorId' | 'menteeId'>, memberId: string): Side | null =>
  record.mentorId === memberId ? 'mentor' : record.menteeId === memberId ? 'mentee' : null;

export const FINAL_STATES: readonly MentorshipState[] = ['COMPLETED', 'ENDED', 'DECLINED', 'WITHDRAWN', 'EXPIRED', 'INVALIDATED'];
const MATCHED_STATES: readonly MentorshipState[] = ['ACTIVE', 'SUSPENDED'];

const table = () => tableName('mentorships');
export const metaKey = (id: string) => ({ pk: `MENTORSHIP#${id}`, sk: 'META' });
export const pairKey = (mentorId: string, menteeId: string) => ({ pk: `PAIR#${mentorId}#${menteeId}`, sk: 'GUARD' });
export const matchKey = (menteeId: string) => ({ pk: `MENTEE#${menteeId}`, sk: 'MATCH' });
export const countersKey = (menteeId: string) => ({ pk: `MENTEE#${menteeId}`, sk: 'COUNTERS' });
export const declinedKey = (menteeId: string) => ({ pk: `MENTEE#${menteeId}`, sk: 'DECLINED' });

const pad = (version: number) => String(version).padStart(6, '0');

/** Every item of a transaction with what it stands for, so a cancellation reason names the rule that said no. */
export type Label = 'meta' | 'event' | 'pair' | 'match' | 'counters' | 'declined' | 'place' | 'member' | 'block' | `other:${string}`;
export interface Labelled {
  label: Label;
  item: NonNullable<TransactWriteCommandInput['TransactItems']>[number];
}

/** Which items' conditions failed (or conflicted with another transaction in flight). */
export class TransitionCancelled extends Error {
  constructor(
    readonly failed: Label[],
    readonly conflicted: boolean,
  ) {
    super(`Transaction cancelled: ${failed.join(', ') || 'conflict'}`);
    this.name = 'TransitionCancelled';
  }
}

/** Write capacity the last transactions consumed (benchmarks read it; ReturnConsumedCapacity is cheap). */
export const consumedWrites = { units: 0, transactions: 0 };

export const commit = async (items: Labelled[]) => {
  try {
    const result = await documentClient.send(
      new TransactWriteCommand({
        TransactItems: items.map(({ item }) => item),
        // The SDK retries a timed-out call with the same token: DynamoDB then applies it once.
        ClientRequestToken: randomUUID(),
        ReturnConsumedCapacity: 'TOTAL',
      }),
    );
    const units = (result.ConsumedCapacity ?? []).reduce((sum, consumed) => sum + (consumed.WriteCapacityUnits ?? consumed.CapacityUnits ?? 0), 0);
    consumedWrites.transactions += 1;
    consumedWrites.units += units;
    // What a change costs, for the accepts benchmark and for anyone reading the logs at DEBUG.
    logger.debug('Mentorship transaction committed', { writeUnits: units, items: items.length });
  } catch (error) {
    if (error instanceof TransactionCanceledException) {
      const reasons = error.CancellationReasons ?? [];
      const failed = reasons.flatMap((reason, index) => (reason.Code === 'ConditionalCheckFailed' ? [items[index]!.label] : []));
      const conflicted = reasons.some((reason) => reason.Code === 'TransactionConflict');
      throw new TransitionCancelled(failed, conflicted || failed.length === 0);
    }
    throw error;
  }
};

export const getMentorship = async (id: string) => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: table(), Key: metaKey(id), ConsistentRead: true }));
  return Item ? toRecord(Item) : null;
};

const toRecord = (item: Record<string, unknown>): MentorshipRecord => {
  const { pk: _pk, sk: _sk, ...rest } = item;
  return rest as unknown as MentorshipRecord;
};

/** The log, oldest first; each event with the META version it made. */
export const listEvents = async (id: string): Promise<(MentorshipEvent & { version: number })[]> => {
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': metaKey(id).pk, ':prefix': 'EVENT#' },
    ConsistentRead: true,
  });
  return items.map((item) => ({
    version: Number(item.version),
    at: item.at,
    type: item.type,
    actor: item.actor,
    actorId: item.actorId ?? null,
    from: item.from ?? null,
    to: item.to,
    reason: item.reason ?? null,
    message: item.message ?? null,
  }));
};

/** META items by one of the sparse indexes, newest first (up to `limit`). */
export const listBy = async (
  index: 'byMentor' | 'byMentee' | 'byState',
  value: string,
  { limit = 200, states }: { limit?: number; states?: readonly MentorshipState[] } = {},
) => {
  const attribute = index === 'byMentor' ? 'mentorId' : index === 'byMentee' ? 'menteeId' : 'state';
  const items = await queryAll(
    {
      TableName: table(),
      IndexName: index,
      KeyConditionExpression: '#key = :value',
      ...(states?.length
        ? {
            FilterExpression: `#state IN (${states.map((_, index) => `:s${index}`).join(', ')})`,
            ExpressionAttributeNames: { '#key': attribute, '#state': 'state' },
            ExpressionAttributeValues: { ':value': value, ...Object.fromEntries(states.map((state, index) => [`:s${index}`, state])) },
          }
        : { ExpressionAttributeNames: { '#key': attribute }, ExpressionAttributeValues: { ':value': value } }),
      ScanIndexForward: false,
    },
    { atMost: limit },
  );
  const records = items.map(toRecord);
  return records.slice(0, limit);
};

export interface Counters {
  openRequests: number;
  openProposals: number;
}

export const getCounters = async (menteeId: string): Promise<Counters> => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: table(), Key: countersKey(menteeId), ConsistentRead: true }));
  return { openRequests: Number(Item?.openRequests ?? 0), openProposals: Number(Item?.openProposals ?? 0) };
};

export const getMatch = async (menteeId: string) => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: table(), Key: matchKey(menteeId), ConsistentRead: true }));
  return (Item?.mentorshipId as string | undefined) ?? null;
};

const eventItem = (record: Pick<MentorshipRecord, 'id'>, version: number, event: MentorshipEvent): Labelled => ({
  label: 'event',
  item: {
    Put: {
      TableName: table(),
      Item: { pk: metaKey(record.id).pk, sk: `EVENT#${event.at}#${pad(version)}`, version, ...event },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  },
});

/** A new request or proposal: META, its first event, the pair's guard, the mentee's counter, and "not matched". */
export const creationItems = (record: MentorshipRecord, event: MentorshipEvent, { maxOpenRequests }: { maxOpenRequests: number }): Labelled[] => {
  const counter = record.origin === 'request' ? 'openRequests' : 'openProposals';
  return [
    {
      label: 'meta',
      item: { Put: { TableName: table(), Item: { ...metaKey(record.id), ...record }, ConditionExpression: 'attribute_not_exists(pk)' } },
    },
    eventItem(record, record.version, event),
    {
      label: 'pair',
      item: {
        Put: {
          TableName: table(),
          Item: { ...pairKey(record.mentorId, record.menteeId), mentorshipId: record.id, since: record.createdAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    },
    {
      label: 'counters',
      item: {
        Update: {
          TableName: table(),
          Key: countersKey(record.menteeId),
          UpdateExpression: 'ADD #counter :one',
          // A coordinator's proposals are not the mentee's requests: only requests are limited.
          ...(record.origin === 'request'
            ? { ConditionExpression: 'attribute_not_exists(#counter) OR #counter < :max', ExpressionAttributeValues: { ':one': 1, ':max': maxOpenRequests } }
            : { ExpressionAttributeValues: { ':one': 1 } }),
          ExpressionAttributeNames: { '#counter': counter },
        },
      },
    },
    {
      label: 'match',
      item: { ConditionCheck: { TableName: table(), Key: matchKey(record.menteeId), ConditionExpression: 'attribute_not_exists(pk)' } },
    },
  ];
};

export interface Change {
  action: MentorshipAction;
  actor: Actor;
  actorId: string | null;
  to: MentorshipState;
  at: string;
  /** Fields of META that change with the state. */
  set?: Partial<Omit<MentorshipRecord, 'id' | 'state' | 'version' | 'mentorId' | 'menteeId' | 'updatedAt'>>;
  reason?: string | null;
  message?: string | null;
}

/**
 * One mentorship's part of a transaction: META (conditional on the state and version read), its event, and
 * the pair and match guards. The counters and the mentor's places are added by the caller, because one
 * transaction may change several of a mentee's mentorships and may touch each item only once.
 */
export const changeItems = (record: MentorshipRecord, change: Change, { label = 'meta' as Label } = {}): Labelled[] => {
  const version = record.version + 1;
  const names: Record<string, string> = { '#state': 'state' };
  const values: Record<string, unknown> = { ':from': record.state, ':to': change.to, ':version': record.version, ':next': version, ':at': change.at };
  const sets = ['#state = :to', 'version = :next', 'updatedAt = :at'];
  Object.entries(change.set ?? {}).forEach(([field, value], index) => {
    names[`#f${index}`] = field;
    values[`:f${index}`] = value ?? null;
    sets.push(`#f${index} = :f${index}`);
  });
  const items: Labelled[] = [
    {
      label,
      item: {
        Update: {
          TableName: table(),
          Key: metaKey(record.id),
          UpdateExpression: `SET ${sets.join(', ')}`,
          ConditionExpression: '#state = :from AND version = :version',
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    },
    eventItem(record, version, {
      at: change.at,
      type: change.action,
      actor: change.actor,
      actorId: change.actorId,
      from: record.state,
      to: change.to,
      reason: change.reason ?? null,
      message: change.message ?? null,
    }),
  ];
  if (FINAL_STATES.includes(change.to) && !FINAL_STATES.includes(record.state)) {
    items.push({
      label: 'pair',
      item: {
        Delete: {
          TableName: table(),
          Key: pairKey(record.mentorId, record.menteeId),
          ConditionExpression: 'mentorshipId = :id',
          ExpressionAttributeValues: { ':id': record.id },
        },
      },
    });
  }
  const wasMatched = MATCHED_STATES.includes(record.state);
  const isMatched = MATCHED_STATES.includes(change.to);
  if (isMatched && !wasMatched) {
    items.push({
      label: 'match',
      item: {
        Put: {
          TableName: table(),
          Item: { ...matchKey(record.menteeId), mentorshipId: record.id, since: change.at },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
    });
  }
  if (wasMatched && !isMatched) {
    items.push({
      label: 'match',
      item: {
        Delete: { TableName: table(), Key: matchKey(record.menteeId), ConditionExpression: 'mentorshipId = :id', ExpressionAttributeValues: { ':id': record.id } },
      },
    });
  }
  return items;
};

/**
 * The mentee's counters after requests or proposals close. With `expected`, the write is also conditional on
 * exactly the counts read: an accept uses that to be sure it saw (and invalidated) every open request.
 */
export const countersItem = (menteeId: string, delta: Counters, expected?: Counters): Labelled => {
  const values: Record<string, unknown> = { ':requests': delta.openRequests, ':proposals': delta.openProposals };
  let condition: string | undefined;
  if (expected) {
    const exact = (attribute: string, value: number, placeholder: string) => {
      values[placeholder] = value;
      return value === 0 ? `(attribute_not_exists(${attribute}) OR ${attribute} = ${placeholder})` : `${attribute} = ${placeholder}`;
    };
    condition = `${exact('openRequests', expected.openRequests, ':expectedRequests')} AND ${exact('openProposals', expected.openProposals, ':expectedProposals')}`;
  }
  return {
    label: 'counters',
    item: {
      Update: {
        TableName: table(),
        Key: countersKey(menteeId),
        UpdateExpression: 'ADD openRequests :requests, openProposals :proposals',
        ...(condition ? { ConditionExpression: condition } : {}),
        ExpressionAttributeValues: values,
      },
    },
  };
};

/**
 * For the transaction of a decline that is someone's no (a request the mentor declined, a proposal either side
 * declined; not the programme's "no places left"): the mentor joins the mentee's DECLINED set, so the directory
 * leaves them out of the mentee's pages from then on, reading one item with the viewer's profile instead of a
 * Query of the mentee's mentorships. DECLINED is final, so nothing takes a mentor out of the set again.
 */
export const declinedItem = (menteeId: string, mentorId: string): Labelled => ({
  label: 'declined',
  item: { Update: { TableName: table(), Key: declinedKey(menteeId), UpdateExpression: 'ADD mentorIds :id', ExpressionAttributeValues: { ':id': new Set([mentorId]) } } },
});

/** The read of the mentee's DECLINED set, for a batch with other reads (lib/dynamo getItems). */
export const declinedItemRead = (menteeId: string): ItemRead => ({ TableName: table(), Key: declinedKey(menteeId) });

/** The mentors in a DECLINED item (none when there is no item). */
export const declinedMentorIdsOf = (item: Record<string, unknown> | undefined): ReadonlySet<string> => new Set((item?.mentorIds as Set<string> | undefined) ?? []);

/** How a change moves the mentee's counters: leaving REQUESTED closes a request, leaving PROPOSED a proposal. */
export const counterDelta = (from: MentorshipState, to: MentorshipState): Counters => ({
  openRequests: from === 'REQUESTED' && to !== 'REQUESTED' ? -1 : 0,
  openProposals: from === 'PROPOSED' && to !== 'PROPOSED' ? -1 : 0,
});

/** Which of these mentees are matched now (their MATCH guard exists), in one or a few batch reads. */
export const matchedMentees = async (menteeIds: readonly string[]) => {
  const matched = new Set<string>();
  for (let start = 0; start < menteeIds.length; start += 100) {
    let keys: Record<string, unknown>[] | undefined = menteeIds.slice(start, start + 100).map(matchKey);
    while (keys?.length) {
      const answer: BatchGetCommandOutput = await documentClient.send(new BatchGetCommand({ RequestItems: { [table()]: { Keys: keys, ProjectionExpression: 'pk' } } }));
      for (const item of answer.Responses?.[table()] ?? []) matched.add(String(item.pk).slice('MENTEE#'.length));
      keys = answer.UnprocessedKeys?.[table()]?.Keys;
    }
  }
  return matched;
};

const MAX_STATS_ATTEMPTS = 8;

/**
 * A session of the mentorship was held: its first and latest held session (by when each started). A session's
 * start only moves earlier as late events arrive, so the first is a conditional minimum; the latest is asked of
 * the sessions (`latestHeldStart`) under the META's `sessionStatsVersion`, so two sessions' consumers cannot leave
 * an older view last.
 */
export const recordHeldSession = async (mentorshipId: string, startedAt: string, latestHeldStart: () => Promise<string>) => {
  const key = metaKey(mentorshipId);
  await ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: key,
        UpdateExpression: 'SET firstSessionAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(firstSessionAt) OR firstSessionAt > :at)',
        ExpressionAttributeValues: { ':at': startedAt },
      }),
    ),
  );
  for (let attempt = 1; attempt <= MAX_STATS_ATTEMPTS; attempt += 1) {
    const { Item } = await documentClient.send(
      new GetCommand({ TableName: table(), Key: key, ConsistentRead: true, ProjectionExpression: 'lastSessionAt, sessionStatsVersion' }),
    );
    const version = Number(Item?.sessionStatsVersion ?? 0);
    const last = await latestHeldStart();
    if (Item?.lastSessionAt === last) return;
    const written = await ignoreStale(() =>
      documentClient.send(
        new UpdateCommand({
          TableName: table(),
          Key: key,
          UpdateExpression: 'SET lastSessionAt = :last, sessionStatsVersion = :next',
          ConditionExpression: `attribute_exists(pk) AND ${version === 0 ? 'attribute_not_exists(sessionStatsVersion)' : 'sessionStatsVersion = :version'}`,
          ExpressionAttributeValues: { ':last': last, ':next': version + 1, ...(version === 0 ? {} : { ':version': version }) },
        }),
      ),
    );
    if (written) return;
  }
  throw new Error(`The session statistics of mentorship ${mentorshipId} kept changing`);
};
