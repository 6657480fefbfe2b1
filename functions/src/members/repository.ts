import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { ApprovalState, Role } from '@mentoring/shared';
import { documentClient, ignoreStale, queryAll, tableName, type ItemRead } from '../lib/dynamo';
import { LISTED, withListing, type MemberItem } from './item';

/**
 * The `members` table (id = Cognito sub), one item per member (functions/src/members/item.ts).
 *
 * Two sparse indexes are kept by the attributes every write recomputes (`withListing`):
 * - `directory` (listed, id): only mentors who are approved, accepting requests and have a place left carry
 *   `listed`; the directory reads this index whole (functions/src/directory/cache.ts).
 * - `approvals` (approvalState, submittedAt): every submitted profile, for the coordinators' lists;
 *   drafts have no `submittedAt` and stay out.
 *
 * Every write is conditional on `version`, which each write increases: a member editing while a coordinator
 * decides ends with one of them told to reload (409), never with a mix of both. `lastActiveAt` is the one
 * attribute written without a version (a heartbeat must never make an edit fail).
 */

/** The fields PUT /api/profile/me sets; the rest belongs to the approval, the counters and the photo. */
export type ProfileFields = Pick<
  MemberItem,
  | 'role'
  | 'displayName'
  | 'headline'
  | 'bio'
  | 'languages'
  | 'country'
  | 'timezone'
  | 'availability'
  | 'format'
  | 'topics'
  | 'goals'
  | 'yearsOfExperience'
  | 'capacity'
  | 'acceptingRequests'
  | 'city'
  | 'codeOfConductVersion'
>;

/** Refused because the item changed since it was read (another write won) or is not in the expected state. */
export class StaleMemberError extends Error {
  constructor(message = 'The profile changed meanwhile.') {
    super(message);
    this.name = 'StaleMemberError';
  }
}

const table = () => tableName('members');

export const getMember = async (id: string, { consistent = true }: { consistent?: boolean } = {}) =>
  (await documentClient.send(new GetCommand({ TableName: table(), Key: { id }, ConsistentRead: consistent }))).Item as MemberItem | undefined;

/** The read of a member's item, for a batch with other reads (lib/dynamo getItems); eventually consistent unless asked. */
export const memberItemRead = (id: string, { consistent = false }: { consistent?: boolean } = {}): ItemRead => ({ TableName: table(), Key: { id }, ConsistentRead: consistent });

const conditional = async (write: () => Promise<unknown>, message?: string) => {
  try {
    await write();
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new StaleMemberError(message);
    throw error;
  }
};

/**
 * Stores the member's whole profile. `previous` is the item as read (undefined for a new member): the
 * write succeeds only if nothing changed it since, and it keeps what the profile does not own.
 */
export const saveProfile = async (
  { id, email, now }: { id: string; email: string | null; now: string },
  fields: ProfileFields,
  previous: MemberItem | undefined,
): Promise<MemberItem> => {
  const composed = withListing({
    // What the profile does not own comes from the stored item.
    ...(fields.role === 'mentor' ? { activeMentees: 0 } : {}),
    approvalState: 'draft',
    createdAt: now,
    ...previous,
    ...fields,
    // Fields of the other role never linger (there is no role change, but keep the item honest).
    ...(fields.role === 'mentee' ? { yearsOfExperience: undefined, capacity: undefined, acceptingRequests: undefined, city: undefined } : { goals: undefined }),
    id,
    email: email ?? previous?.email ?? null,
    lastActiveAt: now,
    updatedAt: now,
    version: (previous?.version ?? 0) + 1,
  });
  const item = Object.fromEntries(Object.entries(composed).filter(([, value]) => value !== undefined)) as unknown as MemberItem;
  await conditional(() =>
    documentClient.send(
      new PutCommand({
        TableName: table(),
        Item: item,
        ...(previous
          ? { ConditionExpression: 'version = :version', ExpressionAttributeValues: { ':version': previous.version } }
          : { ConditionExpression: 'attribute_not_exists(id)' }),
      }),
    ),
  );
  return item;
};

/**
 * Applies `changes` to the item as read, in one UpdateItem conditional on its version (and on
 * `condition`, e.g. the approval state the change starts from), recomputing `listed`.
 */
const updateMember = async (
  current: MemberItem,
  changes: Partial<MemberItem>,
  { now, condition, staleMessage }: { now: string; condition?: { expression: string; values: Record<string, unknown> }; staleMessage?: string },
): Promise<MemberItem> => {
  const next = withListing({ ...current, ...changes, updatedAt: now, version: current.version + 1 });
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':expected': current.version };
  const sets: string[] = [];
  const removes: string[] = [];
  const keys = new Set([...Object.keys(current), ...Object.keys(next)]);
  keys.delete('id');
  let index = 0;
  for (const key of keys) {
    const before = (current as unknown as Record<string, unknown>)[key];
    const after = (next as unknown as Record<string, unknown>)[key];
    if (JSON.stringify(before) === JSON.stringify(after)) continue;
    index += 1;
    names[`#a${index}`] = key;
    if (after === undefined) removes.push(`#a${index}`);
    else {
      values[`:v${index}`] = after;
      sets.push(`#a${index} = :v${index}`);
    }
  }
  Object.assign(values, condition?.values);
  await conditional(
    () =>
      documentClient.send(
        new UpdateCommand({
          TableName: table(),
          Key: { id: current.id },
          UpdateExpression: [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' '),
          ConditionExpression: `version = :expected${condition ? ` AND (${condition.expression})` : ''}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        }),
      ),
    staleMessage,
  );
  return next;
};

/**
 * Submits the profile: a mentor's application (and a mentee's, when the programme requires approval)
 * becomes `pending`; a mentee who needs no approval is `approved` at once. Only a draft or a rejected
 * profile can be submitted.
 */
export const submitProfile = (current: MemberItem, { state, now }: { state: 'pending' | 'approved'; now: string }) =>
  updateMember(
    current,
    { approvalState: state, submittedAt: now, decidedAt: state === 'approved' ? now : null, decisionNote: null, decidedBy: null },
    {
      now,
      condition: { expression: 'approvalState IN (:draft, :rejected)', values: { ':draft': 'draft', ':rejected': 'rejected' } },
    },
  );

/** A coordinator suspends (true) or restores (false) the member; `listed` follows through `withListing`. */
export const setSuspended = (current: MemberItem, suspended: boolean, now: string) =>
  updateMember(current, { suspended, suspendedAt: suspended ? now : null }, { now });

/** A coordinator's decision on a pending profile; refused (StaleMemberError) unless it is still pending. */
export const decideApplication = (
  current: MemberItem,
  { decision, note, coordinatorId, now }: { decision: 'approved' | 'rejected'; note: string | null; coordinatorId: string; now: string },
) =>
  updateMember(
    current,
    { approvalState: decision, decidedAt: now, decisionNote: note, decidedBy: coordinatorId },
    { now, condition: { expression: 'approvalState = :pending', values: { ':pending': 'pending' } }, staleMessage: 'This application was already decided.' },
  );

/**
 * Sets or clears the member's photo (for the photo handlers), retrying when another write came first.
 * Answers the stored item, or undefined when the member has no profile yet.
 */
export const setPhoto = async (id: string, photoKey: string | null, now = new Date().toISOString()): Promise<MemberItem | undefined> => {
  for (let attempt = 0; ; attempt += 1) {
    const current = await getMember(id);
    if (!current) return undefined;
    try {
      return await updateMember(current, { photoKey }, { now });
    } catch (error) {
      if (!(error instanceof StaleMemberError) || attempt >= 2) throw error;
    }
  }
};

export const LAST_ACTIVE_INTERVAL_MS = 60 * 60 * 1000;

/** Records activity at most once an hour (a conditional write that says no the rest of the time). */
export const touchLastActive = (id: string, now: Date) =>
  ignoreStale(() =>
    documentClient.send(
      new UpdateCommand({
        TableName: table(),
        Key: { id },
        UpdateExpression: 'SET lastActiveAt = :now',
        ConditionExpression: 'attribute_exists(id) AND (attribute_not_exists(lastActiveAt) OR lastActiveAt < :cutoff)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':cutoff': new Date(now.getTime() - LAST_ACTIVE_INTERVAL_MS).toISOString() },
      }),
    ),
  );

const MAX_APPLICATIONS = 500;

/** Submitted profiles in one approval state: pending ones oldest first (first come, first reviewed), decided ones newest first. */
export const listByApprovalState = async (state: Exclude<ApprovalState, 'draft'>) => {
  const items = await queryAll(
    { TableName: table(), IndexName: 'approvals', KeyConditionExpression: 'approvalState = :state', ExpressionAttributeValues: { ':state': state }, ScanIndexForward: state === 'pending' },
    { atMost: MAX_APPLICATIONS },
  );
  return items as MemberItem[];
};

/** Every listed mentor, read from the `directory` index, with the read capacity it cost. */
export const listDirectory = async () => {
  let readCapacityUnits = 0;
  let pages = 0;
  const items = (await queryAll(
    { TableName: table(), IndexName: 'directory', KeyConditionExpression: 'listed = :listed', ExpressionAttributeValues: { ':listed': LISTED }, ReturnConsumedCapacity: 'TOTAL' },
    {
      onPage: (page) => {
        readCapacityUnits += page.ConsumedCapacity?.CapacityUnits ?? 0;
        pages += 1;
      },
    },
  )) as MemberItem[];
  return { items, readCapacityUnits, pages };
};

/**
 * One page of approved members, optionally of one role and with `q` in their name, for a coordinator's
 * search. It reads the `approvals` index page by page (a page of the index is at most `scanLimit` items)
 * until `limit` members match or the index ends; the cursor is where the next read starts.
 */
export const searchApproved = async ({ role, q, limit, cursor }: { role?: Role; q?: string; limit: number; cursor?: Record<string, unknown> }) => {
  const needle = q?.toLocaleLowerCase();
  const found: MemberItem[] = [];
  let ExclusiveStartKey = cursor;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: table(),
        IndexName: 'approvals',
        KeyConditionExpression: 'approvalState = :state',
        ExpressionAttributeValues: { ':state': 'approved' },
        Limit: 200,
        ExclusiveStartKey,
      }),
    );
    for (const item of (page.Items ?? []) as MemberItem[]) {
      if (role && item.role !== role) continue;
      if (needle && !item.displayName?.toLocaleLowerCase().includes(needle)) continue;
      found.push(item);
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey && found.length < limit);
  // A page that overshot ends at its last returned member, so the next one starts right after it.
  const members = found.slice(0, limit);
  const last = members.at(-1);
  const next =
    found.length > limit && last ? { id: last.id, approvalState: 'approved', submittedAt: last.submittedAt } : ExclusiveStartKey;
  return { members, next };
};

/** The member's item goes (their account is deleted); the photo's key is answered so its file can go too. */
export const deleteMember = async (id: string) => {
  const { Attributes } = await documentClient.send(new DeleteCommand({ TableName: table(), Key: { id }, ReturnValues: 'ALL_OLD' }));
  return Attributes as MemberItem | undefined;
};
