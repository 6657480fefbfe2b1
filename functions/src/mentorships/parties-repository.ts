/**
 * What mentorships read and write of the `members` table: a member's role, approval and places, and the
 * one conditional update that counts a mentor's places. The profile repository (members.ts) owns the rest
 * of the item (members/item.ts, the one `MemberItem`); `listed` follows the one rule, `isListed`.
 */
import { BatchGetCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../lib/dynamo';
import { isListed, LISTED, type StoredMemberItem } from '../members';

export interface Party {
  id: string;
  role: 'mentor' | 'mentee' | null;
  approved: boolean;
  capacity: number;
  activeMentees: number;
  acceptingRequests: boolean;
  listed: boolean;
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
  listed: typeof item.listed === 'string',
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

/** Whether a mentor may be sent a request now (the directory's rule, checked again on the server). */
export const canReceiveRequests = (mentor: Party) =>
  mentor.role === 'mentor' && mentor.approved && mentor.acceptingRequests && mentor.listed && mentor.activeMentees < mentor.capacity;

/**
 * The transaction item that takes (+1) or frees (-1) one of the mentor's places. It is conditional on
 * exactly the values read (places taken, capacity, accepting, approval), so a concurrent accept, ending or
 * profile change cancels it and the caller re-reads; and it keeps `listed` in step in the same write:
 * removed when the last place is taken, set again when a place frees up for an accepting, approved mentor.
 * `resetExpiryStreak`: the mentor answered, so their run of expired requests is over.
 * Every write here also bumps `version`, so a profile save based on an older read (members.ts writes are
 * conditional on it) is refused instead of overwriting the places taken.
 */
export const placeUpdate = (mentor: Party, delta: 1 | -1, { resetExpiryStreak = false } = {}) => {
  const next = mentor.activeMentees + delta;
  const listed = isListed({ ...mentor.item, activeMentees: next });
  const sets = ['activeMentees = :next'];
  if (listed) sets.push('listed = :listed');
  if (resetExpiryStreak) sets.push('expiredInARow = :zero');
  const taken = mentor.activeMentees === 0 ? '(attribute_not_exists(activeMentees) OR activeMentees = :zero)' : 'activeMentees = :taken';
  // CAPACITY and others are DynamoDB reserved words: every attribute of the condition goes through a name.
  const conditions = [
    'attribute_exists(id)',
    '#role = :mentor',
    taken,
    mentor.capacity ? '#capacity = :capacity' : 'attribute_not_exists(#capacity)',
    mentor.acceptingRequests ? '#accepting = :true' : '(attribute_not_exists(#accepting) OR #accepting <> :true)',
    mentor.approved ? '#approval = :approved' : '(attribute_not_exists(#approval) OR #approval <> :approved)',
    // A suspension written meanwhile must not be undone by listing the mentor again.
    mentor.suspended ? '#suspended = :true' : '(attribute_not_exists(#suspended) OR #suspended <> :true)',
  ];
  const values: Record<string, unknown> = { ':next': next, ':mentor': 'mentor', ':true': true, ':approved': 'approved', ':one': 1 };
  if (mentor.activeMentees === 0 || resetExpiryStreak) values[':zero'] = 0;
  if (mentor.activeMentees !== 0) values[':taken'] = mentor.activeMentees;
  if (mentor.capacity) values[':capacity'] = mentor.capacity;
  if (listed) values[':listed'] = LISTED;
  return {
    Update: {
      TableName: members(),
      Key: { id: mentor.id },
      UpdateExpression: `SET ${sets.join(', ')}${listed ? '' : ' REMOVE listed'} ADD version :one`,
      ConditionExpression: conditions.join(' AND '),
      ExpressionAttributeNames: { '#role': 'role', '#capacity': 'capacity', '#accepting': 'acceptingRequests', '#approval': 'approvalState', '#suspended': 'suspended' },
      ExpressionAttributeValues: values,
    },
  };
};

/** In a request's transaction: the mentor is still accepting and listed when it commits. */
export const receivesRequestsCheck = (mentorId: string) => ({
  ConditionCheck: {
    TableName: members(),
    Key: { id: mentorId },
    ConditionExpression: 'acceptingRequests = :true AND attribute_exists(listed)',
    ExpressionAttributeValues: { ':true': true },
  },
});

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
