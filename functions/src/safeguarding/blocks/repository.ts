/**
 * Blocks in the `safeguarding` table (shared/src/tables.ts), both sides under each member's own partition:
 * MEMBER#<memberId> / BLOCKS#<blockedId> and its mirror MEMBER#<blockedId> / BLOCKED_BY#<memberId>. Either side's
 * check is one read, either side's list one Query.
 *
 * Each member's partition also holds one summary item, MEMBER#<memberId> / HIDDEN, with the string sets `blocks`
 * (whom they blocked) and `blockedBy` (who blocked them): everyone the member must not see, in one small item that
 * the directory reads on every page together with the viewer's profile (one BatchGetItem, directory/viewer.ts).
 * Rows and sets change in the same transaction, so they never disagree. Two sets rather than one: when each has
 * blocked the other, one lifting their block must leave the other's.
 */
import { DeleteCommand, GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { documentClient, getItems, ignoreStale, queryAll, tableName, type ItemRead } from '../../lib/dynamo';

const table = () => tableName('safeguarding');

const BLOCKS = 'BLOCKS#';
const BLOCKED_BY = 'BLOCKED_BY#';
const partition = (memberId: string) => `MEMBER#${memberId}`;
const blockKey = (by: string, blocked: string) => ({ pk: partition(by), sk: `${BLOCKS}${blocked}` });
const blockedByKey = (blocked: string, by: string) => ({ pk: partition(blocked), sk: `${BLOCKED_BY}${by}` });
const hiddenKey = (memberId: string) => ({ pk: partition(memberId), sk: 'HIDDEN' });

/** The summary items' change for a block by `by` of `blocked`: ADD when it is made, DELETE when lifted. */
const hiddenUpdates = (action: 'ADD' | 'DELETE', by: string, blocked: string) => [
  { Update: { TableName: table(), Key: hiddenKey(by), UpdateExpression: `${action} blocks :id`, ExpressionAttributeValues: { ':id': new Set([blocked]) } } },
  { Update: { TableName: table(), Key: hiddenKey(blocked), UpdateExpression: `${action} blockedBy :id`, ExpressionAttributeValues: { ':id': new Set([by]) } } },
];

/** Tries of a block's transaction that collided with another one on a shared summary item. */
const CONFLICT_ATTEMPTS = 4;

/**
 * Runs a block's or an unblock's transaction; false when its first item's condition said no (the block was
 * already there, or was not). Two blocks that involve the same member at the same moment update the same summary
 * item, and DynamoDB cancels one of them (TransactionConflict) rather than queueing it: that one runs again, as it
 * would have had it come a moment later (nothing of a cancelled transaction is applied, and set ADD and DELETE
 * are idempotent).
 */
const writeBlock = async (items: NonNullable<TransactWriteCommandInput['TransactItems']>) => {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
      return true;
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const codes = (error.CancellationReasons ?? []).map((reason) => reason.Code);
      if (codes[0] === 'ConditionalCheckFailed') return false;
      if (!codes.includes('TransactionConflict') || attempt >= CONFLICT_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25 * attempt * (1 + Math.random())));
    }
  }
};

/** Stores the block, its mirror and both summaries; false when it was already there. */
export const putBlock = (by: string, blocked: string, at: string) =>
  writeBlock([
    { Put: { TableName: table(), Item: { ...blockKey(by, blocked), blockedAt: at }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table(), Item: { ...blockedByKey(blocked, by), blockedAt: at } } },
    ...hiddenUpdates('ADD', by, blocked),
  ]);

/** Removes the block, its mirror and its place in both summaries together; false when there was none. */
export const deleteBlock = (by: string, blocked: string) =>
  writeBlock([
    { Delete: { TableName: table(), Key: blockKey(by, blocked), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table(), Key: blockedByKey(blocked, by) } },
    ...hiddenUpdates('DELETE', by, blocked),
  ]);

const hasItem = async (key: { pk: string; sk: string }) =>
  Boolean((await documentClient.send(new GetCommand({ TableName: table(), Key: key, ConsistentRead: true, ProjectionExpression: 'pk' }))).Item);

/** Who blocked whom between the two, read both ways (two small reads). */
export const blockBetween = async (a: string, b: string) => {
  const [aBlockedB, bBlockedA] = await Promise.all([hasItem(blockKey(a, b)), hasItem(blockKey(b, a))]);
  return { aBlockedB, bBlockedA, any: aBlockedB || bBlockedA };
};

/** Transaction items that hold only while neither has blocked the other (for a request's or proposal's transaction). */
export const noBlockChecks = (a: string, b: string): NonNullable<TransactWriteCommandInput['TransactItems']> =>
  [blockKey(a, b), blockKey(b, a)].map((Key) => ({ ConditionCheck: { TableName: table(), Key, ConditionExpression: 'attribute_not_exists(pk)' } }));

interface BlockRow {
  /** The other member. */
  id: string;
  /** Whether the member blocked them (else they blocked the member). */
  byMember: boolean;
  blockedAt: string;
}

/** The member's block rows, both ways, or only those under one prefix of the sort key. */
const queryRows = async (memberId: string, prefix?: string) => {
  const rows: BlockRow[] = [];
  const items = await queryAll({
    TableName: table(),
    KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
    ExpressionAttributeValues: { ':pk': partition(memberId), ...(prefix ? { ':prefix': prefix } : {}) },
  });
  for (const item of items) {
    const sk = item.sk as string;
    const byMember = sk.startsWith(BLOCKS);
    if (!byMember && !sk.startsWith(BLOCKED_BY)) continue;
    rows.push({ id: sk.slice((byMember ? BLOCKS : BLOCKED_BY).length), byMember, blockedAt: item.blockedAt as string });
  }
  return rows;
};

/** Whom the member blocked, newest first. */
export const blocksOf = async (memberId: string) =>
  (await queryRows(memberId, BLOCKS)).map(({ id, blockedAt }) => ({ id, blockedAt })).sort((a, b) => b.blockedAt.localeCompare(a.blockedAt));

/** The read of the member's summary item, for a batch with other reads (strongly consistent: a block hides at once). */
export const hiddenItemRead = (memberId: string): ItemRead => ({ TableName: table(), Key: hiddenKey(memberId), ConsistentRead: true });

/** Everyone the member must not see nor be seen by, from their summary item (none: no blocks either way). */
export const hiddenIdsOf = (item: Record<string, unknown> | undefined): ReadonlySet<string> =>
  new Set([...((item?.blocks as Set<string> | undefined) ?? []), ...((item?.blockedBy as Set<string> | undefined) ?? [])]);

/** Everyone the member must not see nor be seen by: blocked by them, or blocking them (one read). */
export const hiddenFrom = async (memberId: string): Promise<ReadonlySet<string>> => hiddenIdsOf((await getItems([hiddenItemRead(memberId)]))[0]);

/**
 * Removes every block the member made or received (their account is being deleted), each with its mirror and
 * summaries, and then their emptied summary item (unless a block arrived meanwhile: it stays whole).
 */
export const deleteBlocksOf = async (memberId: string) => {
  const rows = await queryRows(memberId);
  await Promise.all(rows.map((row) => (row.byMember ? deleteBlock(memberId, row.id) : deleteBlock(row.id, memberId))));
  await ignoreStale(() =>
    documentClient.send(
      new DeleteCommand({ TableName: table(), Key: hiddenKey(memberId), ConditionExpression: 'attribute_not_exists(blocks) AND attribute_not_exists(blockedBy)' }),
    ),
  );
};
