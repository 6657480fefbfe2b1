/**
 * Blocks in the `safeguarding` table (shared/src/tables.ts): BLOCKS#<memberId> / <blockedId> and its mirror
 * BLOCKED_BY#<blockedId> / <memberId>, one transaction, so either side's check is one read and either side's list
 * one query.
 */
import { GetCommand, QueryCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { documentClient, tableName } from '../../lib/dynamo';

const table = () => tableName('safeguarding');

const blockKey = (by: string, blocked: string) => ({ pk: `BLOCKS#${by}`, sk: blocked });
const blockedByKey = (blocked: string, by: string) => ({ pk: `BLOCKED_BY#${blocked}`, sk: by });

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

const queryIds = async (pk: string) => {
  const rows: { id: string; blockedAt: string }[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ExclusiveStartKey }),
    );
    rows.push(...(page.Items ?? []).map((item) => ({ id: item.sk as string, blockedAt: item.blockedAt as string })));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return rows;
};

/** Whom the member blocked, newest first. */
export const blocksOf = async (memberId: string) => (await queryIds(`BLOCKS#${memberId}`)).sort((a, b) => b.blockedAt.localeCompare(a.blockedAt));

/** Everyone the member must not see nor be seen by: blocked by them, or blocking them. */
export const hiddenFrom = async (memberId: string): Promise<ReadonlySet<string>> => {
  const [blocks, blockedBy] = await Promise.all([queryIds(`BLOCKS#${memberId}`), queryIds(`BLOCKED_BY#${memberId}`)]);
  return new Set([...blocks, ...blockedBy].map((row) => row.id));
};

/** Removes every block the member made or received (their account is being deleted). */
export const deleteBlocksOf = async (memberId: string) => {
  const [blocks, blockedBy] = await Promise.all([queryIds(`BLOCKS#${memberId}`), queryIds(`BLOCKED_BY#${memberId}`)]);
  await Promise.all([
    ...blocks.map((row) => deleteBlock(memberId, row.id)),
    ...blockedBy.map((row) => deleteBlock(row.id, memberId)),
  ]);
};
