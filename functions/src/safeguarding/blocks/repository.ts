/**
 * Blocks in the `safeguarding` table (shared/src/tables.ts), both sides under each member's own partition:
 * MEMBER#<memberId> / BLOCKS#<blockedId> and its mirror MEMBER#<blockedId> / BLOCKED_BY#<memberId>, written and
 * removed in one transaction. Either side's check is one read, and everyone a member must not see, whichever of
 * the two blocked, is one Query of their partition: the directory reads it on every page.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { documentClient, tableName } from '../../lib/dynamo';

const table = () => tableName('safeguarding');

const BLOCKS = 'BLOCKS#';
const BLOCKED_BY = 'BLOCKED_BY#';
const partition = (memberId: string) => `MEMBER#${memberId}`;
const blockKey = (by: string, blocked: string) => ({ pk: partition(by), sk: `${BLOCKS}${blocked}` });
const blockedByKey = (blocked: string, by: string) => ({ pk: partition(blocked), sk: `${BLOCKED_BY}${by}` });

/** Stores the block and its mirror; false when it was already there. */
export const putBlock = async (by: string, blocked: string, at: string) => {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table(), Item: { ...blockKey(by, blocked), blockedAt: at }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: table(), Item: { ...blockedByKey(blocked, by), blockedAt: at } } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
};

/** Removes the block and its mirror together; false when there was none. */
export const deleteBlock = async (by: string, blocked: string) => {
  try {
    await documentClient.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table(), Key: blockKey(by, blocked), ConditionExpression: 'attribute_exists(pk)' } },
          { Delete: { TableName: table(), Key: blockedByKey(blocked, by) } },
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException && error.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw error;
  }
};

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
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: prefix ? 'pk = :pk AND begins_with(sk, :prefix)' : 'pk = :pk',
        ExpressionAttributeValues: { ':pk': partition(memberId), ...(prefix ? { ':prefix': prefix } : {}) },
        ExclusiveStartKey,
      }),
    );
    for (const item of page.Items ?? []) {
      const sk = item.sk as string;
      const byMember = sk.startsWith(BLOCKS);
      if (!byMember && !sk.startsWith(BLOCKED_BY)) continue;
      rows.push({ id: sk.slice((byMember ? BLOCKS : BLOCKED_BY).length), byMember, blockedAt: item.blockedAt as string });
    }
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return rows;
};

/** Whom the member blocked, newest first. */
export const blocksOf = async (memberId: string) =>
  (await queryRows(memberId, BLOCKS)).map(({ id, blockedAt }) => ({ id, blockedAt })).sort((a, b) => b.blockedAt.localeCompare(a.blockedAt));

/** Everyone the member must not see nor be seen by: blocked by them, or blocking them (one Query). */
export const hiddenFrom = async (memberId: string): Promise<ReadonlySet<string>> => new Set((await queryRows(memberId)).map((row) => row.id));

/** Removes every block the member made or received (their account is being deleted), each with its mirror. */
export const deleteBlocksOf = async (memberId: string) => {
  const rows = await queryRows(memberId);
  await Promise.all(rows.map((row) => (row.byMember ? deleteBlock(memberId, row.id) : deleteBlock(row.id, memberId))));
};
