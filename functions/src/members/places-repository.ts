/**
 * What the mentorship transactions read and write of a member: role, approval and places (a `Party` of a
 * mentorship), the one conditional update that counts a mentor's places, the expiry streak and the pause after
 * it. Mentorships ask for these items and put them in their own transactions; they never name this table.
 * `listed` follows the one rule (item.ts).
 */
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../lib/dynamo';
import { LISTED, type StoredMemberItem } from './item';
import { isListed, listingCondition, unchangedCondition } from './item';

export interface Party {
  id: string;
  role: 'mentor' | 'mentee' | null;
  approved: boolean;
  capacity: number;
  activeMentees: number;
  acceptingRequests: boolean;
  expiredInARow: number;
  /** Suspended by a coordinator: never listed, never given a place. */
  suspended: boolean;
  displayName: string;
  headline: string;
  photoKey: string | null;
  /** The stored item, for the profile views (members/views.ts). */
  item: StoredMemberItem;
}

const num = (value: unknown, fallback = 0) => (typeof value === 'number' && Number.isFinite(value) ? value : fallback);
const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);

export const toParty = (item: StoredMemberItem): Party => ({
  id: item.id,
  role: item.role === 'mentor' || item.role === 'mentee' ? item.role : null,
  approved: item.approvalState === 'approved',
  capacity: num(item.capacity),
  activeMentees: num(item.activeMentees),
  acceptingRequests: item.acceptingRequests === true,
  expiredInARow: num(item.expiredInARow),
  suspended: item.suspended === true,
  displayName: str(item.displayName, 'A member'),
  headline: str(item.headline),
  photoKey: typeof item.photoKey === 'string' ? item.photoKey : null,
  item,
});

const members = () => tableName('members');

/** One member, read consistently when a decision depends on it. */
export const getParty = async (id: string, { consistent = true } = {}) => {
  const { Item } = await documentClient.send(new GetCommand({ TableName: members(), Key: { id }, ConsistentRead: consistent }));
  return Item ? toParty(Item as StoredMemberItem) : null;
};

/** Several members at once (for lists and pages): a map by id; unknown ids are left out. */
export const getParties = async (ids: readonly string[]) => {
  const found = new Map<string, Party>();
  const unique = [...new Set(ids)];
  for (let start = 0; start < unique.length; start += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = {
      [members()]: { Keys: unique.slice(start, start + 100).map((id) => ({ id })) },
    };
    while (request && Object.keys(request).length) {
      const result = await documentClient.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of result.Responses?.[members()] ?? []) found.set(item.id as string, toParty(item as StoredMemberItem));
      request = result.UnprocessedKeys as typeof request;
    }
  }
  return found;
};

/** Whether a mentor may be sent a request now: the directory's rule, on the item as read. */
export const canReceiveRequests = (mentor: Party) => isListed(mentor.item);

/**
 * The transaction item that takes (+1) or frees (-1) one of the mentor's places. It is conditional on
 * exactly the values read of every field the listing rule reads, so a concurrent accept, ending, pause or
 * profile change cancels it and the caller re-reads; and it keeps `listed` in step in the same write.
 * `resetExpiryStreak`: the mentor answered, so their run of expired requests is over.
 * Every write here also bumps `version`, so a profile save based on an older read (repository.ts writes are
 * conditional on it) is refused instead of overwriting the places taken.
 */
export const placeUpdate = (mentor: Party, delta: 1 | -1, { resetExpiryStreak = false } = {}) => {
  const next = mentor.activeMentees + delta;
  const listed = isListed({ ...mentor.item, activeMentees: next });
  const sets = ['activeMentees = :next'];
  if (listed) sets.push('listed = :listed');
  if (resetExpiryStreak) sets.push('expiredInARow = :zero');
  const unchanged = unchangedCondition(mentor.item);
  const values: Record<string, unknown> = { ':next': next, ':one': 1, ...unchanged.values };
  if (resetExpiryStreak) values[':zero'] = 0;
  if (listed) values[':listed'] = LISTED;
  return {
    Update: {
      TableName: members(),
      Key: { id: mentor.id },
      UpdateExpression: `SET ${sets.join(', ')}${listed ? '' : ' REMOVE listed'} ADD version :one`,
      ConditionExpression: `attribute_exists(id) AND ${unchanged.expression}`,
      ExpressionAttributeNames: unchanged.names,
      ExpressionAttributeValues: values,
    },
  };
};

/** In a request's or proposal's transaction: the mentor is still listed (the rule, on the stored item) when it commits. */
export const receivesRequestsCheck = (mentorId: string) => {
  const listing = listingCondition();
  return {
    ConditionCheck: {
      TableName: members(),
      Key: { id: mentorId },
      ConditionExpression: listing.expression,
      ExpressionAttributeNames: listing.names,
      ExpressionAttributeValues: listing.values,
    },
  };
};

/** The mentor answered a request (a decline): their run of expired requests starts again. */
export const resetExpiryStreakItem = (mentorId: string) => ({
  Update: {
    TableName: members(),
    Key: { id: mentorId },
    UpdateExpression: 'SET expiredInARow = :zero ADD version :one',
    ConditionExpression: 'attribute_exists(id)',
    ExpressionAttributeValues: { ':zero': 0, ':one': 1 },
  },
});

/** Expired requests in a row after which a mentor is paused (docs/domain.md). */
export const EXPIRIES_BEFORE_PAUSE = 2;

/** The transaction item that counts one more expired request of the mentor's, with the expiry itself. */
export const expiryCountItem = (mentorId: string) => ({
  Update: {
    TableName: members(),
    Key: { id: mentorId },
    UpdateExpression: 'ADD expiredInARow :one, version :one',
    ConditionExpression: 'attribute_exists(id)',
    ExpressionAttributeValues: { ':one': 1 },
  },
});

/**
 * Pauses a mentor whose requests expired twice in a row: not accepting, out of the directory, and the run
 * starts again from zero (so switching back on is a fresh start). Conditional, so whichever expiry gets here
 * first pauses and the others (and a retried schedule) do nothing: answers whether this call paused them.
 */
export const pauseAfterExpiries = async (mentorId: string) => {
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: members(),
        Key: { id: mentorId },
        // Not accepting is not listed, whatever else holds (item.ts).
        UpdateExpression: 'SET acceptingRequests = :false, expiredInARow = :zero, pausedAt = :now REMOVE listed ADD version :one',
        ConditionExpression: 'acceptingRequests = :true AND expiredInARow >= :limit',
        ExpressionAttributeValues: { ':false': false, ':true': true, ':zero': 0, ':one': 1, ':limit': EXPIRIES_BEFORE_PAUSE, ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if ((error as Error).name === 'ConditionalCheckFailedException') return false;
    throw error;
  }
};
