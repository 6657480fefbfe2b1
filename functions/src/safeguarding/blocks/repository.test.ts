import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DeleteCommand, DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blocksOf, deleteBlock, deleteBlocksOf, hiddenFrom, hiddenIdsOf, putBlock } from './repository';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);

const AT = '2026-01-01T00:00:00.000Z';
const partition = (items: Record<string, unknown>[]) => ({ Items: items });
const transactions = () => dynamo.commandCalls(TransactWriteCommand).map((entry) => entry.args[0].input.TransactItems);
const refused = () => new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: [{ Code: 'ConditionalCheckFailed' }, { Code: 'None' }] });

beforeAll(() => {
  process.env.SAFEGUARDING_TABLE = 'safeguarding';
});

beforeEach(() => {
  dynamo.reset();
});

describe('blocks, both sides under each member’s partition', () => {
  it('stores a block, its mirror and both members’ summaries in one transaction, refusing a repeat', async () => {
    dynamo.on(TransactWriteCommand).resolvesOnce({}).rejectsOnce(refused());
    expect(await putBlock('ada', 'bob', AT)).toBe(true);
    expect(await putBlock('ada', 'bob', AT)).toBe(false);
    expect(transactions()[0]).toEqual([
      { Put: { TableName: 'safeguarding', Item: { pk: 'MEMBER#ada', sk: 'BLOCKS#bob', blockedAt: AT }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: 'safeguarding', Item: { pk: 'MEMBER#bob', sk: 'BLOCKED_BY#ada', blockedAt: AT } } },
      { Update: { TableName: 'safeguarding', Key: { pk: 'MEMBER#ada', sk: 'HIDDEN' }, UpdateExpression: 'ADD blocks :id', ExpressionAttributeValues: { ':id': new Set(['bob']) } } },
      { Update: { TableName: 'safeguarding', Key: { pk: 'MEMBER#bob', sk: 'HIDDEN' }, UpdateExpression: 'ADD blockedBy :id', ExpressionAttributeValues: { ':id': new Set(['ada']) } } },
    ]);
  });

  it('runs a block again when it collided with another on a shared summary, and gives up after a few tries', async () => {
    const conflict = () => new TransactionCanceledException({ message: 'conflict', $metadata: {}, CancellationReasons: [{ Code: 'None' }, { Code: 'None' }, { Code: 'TransactionConflict' }, { Code: 'None' }] });
    dynamo.on(TransactWriteCommand).rejectsOnce(conflict()).resolvesOnce({});
    expect(await putBlock('ada', 'bob', AT)).toBe(true);
    expect(transactions()).toHaveLength(2);
    expect(transactions()[1]).toEqual(transactions()[0]);

    dynamo.reset();
    dynamo.on(TransactWriteCommand).rejects(conflict());
    await expect(deleteBlock('ada', 'bob')).rejects.toBeInstanceOf(TransactionCanceledException);
    expect(transactions()).toHaveLength(4);
  });

  it('removes a block, its mirror and its place in both summaries in one transaction, saying when there was none', async () => {
    dynamo.on(TransactWriteCommand).resolvesOnce({}).rejectsOnce(refused());
    expect(await deleteBlock('ada', 'bob')).toBe(true);
    expect(await deleteBlock('ada', 'bob')).toBe(false);
    expect(transactions()[0]).toEqual([
      { Delete: { TableName: 'safeguarding', Key: { pk: 'MEMBER#ada', sk: 'BLOCKS#bob' }, ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: 'safeguarding', Key: { pk: 'MEMBER#bob', sk: 'BLOCKED_BY#ada' } } },
      { Update: { TableName: 'safeguarding', Key: { pk: 'MEMBER#ada', sk: 'HIDDEN' }, UpdateExpression: 'DELETE blocks :id', ExpressionAttributeValues: { ':id': new Set(['bob']) } } },
      { Update: { TableName: 'safeguarding', Key: { pk: 'MEMBER#bob', sk: 'HIDDEN' }, UpdateExpression: 'DELETE blockedBy :id', ExpressionAttributeValues: { ':id': new Set(['ada']) } } },
    ]);
  });

  it('hides both directions from one strongly consistent read of the member’s summary', async () => {
    dynamo.on(BatchGetCommand).resolves({ Responses: { safeguarding: [{ pk: 'MEMBER#ada', sk: 'HIDDEN', blocks: new Set(['bob']), blockedBy: new Set(['cy', 'bob']) }] } });
    expect([...(await hiddenFrom('ada'))].sort()).toEqual(['bob', 'cy']);
    expect(dynamo.commandCalls(BatchGetCommand)[0]!.args[0].input.RequestItems).toEqual({ safeguarding: { Keys: [{ pk: 'MEMBER#ada', sk: 'HIDDEN' }], ConsistentRead: true } });
    // No summary (no block either way, or every one lifted: DynamoDB drops emptied sets) hides no one.
    expect(hiddenIdsOf(undefined).size).toBe(0);
    expect(hiddenIdsOf({ pk: 'MEMBER#ada', sk: 'HIDDEN' }).size).toBe(0);
  });

  it('reads the rest of a batch that DynamoDB left unprocessed', async () => {
    dynamo
      .on(BatchGetCommand)
      .resolvesOnce({ Responses: {}, UnprocessedKeys: { safeguarding: { Keys: [{ pk: 'MEMBER#ada', sk: 'HIDDEN' }], ConsistentRead: true } } })
      .resolvesOnce({ Responses: { safeguarding: [{ pk: 'MEMBER#ada', sk: 'HIDDEN', blocks: new Set(['bob']) }] } });
    expect([...(await hiddenFrom('ada'))]).toEqual(['bob']);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(2);
  });

  it('lists only whom the member blocked, newest first, never who blocked them', async () => {
    dynamo.on(QueryCommand).resolves(
      partition([
        { pk: 'MEMBER#ada', sk: 'BLOCKS#bob', blockedAt: '2026-01-01T00:00:00.000Z' },
        { pk: 'MEMBER#ada', sk: 'BLOCKS#dee', blockedAt: '2026-02-01T00:00:00.000Z' },
      ]),
    );
    expect(await blocksOf('ada')).toEqual([
      { id: 'dee', blockedAt: '2026-02-01T00:00:00.000Z' },
      { id: 'bob', blockedAt: '2026-01-01T00:00:00.000Z' },
    ]);
    expect(dynamo.commandCalls(QueryCommand)[0]!.args[0].input).toMatchObject({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': 'MEMBER#ada', ':prefix': 'BLOCKS#' },
    });
  });

  it('on account deletion removes every block made and received, each with its mirror, and then the emptied summary', async () => {
    dynamo.on(QueryCommand).resolves(
      partition([
        { pk: 'MEMBER#ada', sk: 'BLOCKS#bob', blockedAt: AT },
        { pk: 'MEMBER#ada', sk: 'BLOCKED_BY#cy', blockedAt: AT },
      ]),
    );
    dynamo.on(TransactWriteCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    await deleteBlocksOf('ada');
    const keys = transactions().map((items) => items!.filter((item) => item.Delete).map((item) => item.Delete!.Key));
    expect(keys).toEqual(
      expect.arrayContaining([
        [{ pk: 'MEMBER#ada', sk: 'BLOCKS#bob' }, { pk: 'MEMBER#bob', sk: 'BLOCKED_BY#ada' }],
        [{ pk: 'MEMBER#cy', sk: 'BLOCKS#ada' }, { pk: 'MEMBER#ada', sk: 'BLOCKED_BY#cy' }],
      ]),
    );
    expect(keys).toHaveLength(2);
    expect(transactions().every((items) => items!.filter((item) => item.Update).length === 2)).toBe(true);
    expect(dynamo.commandCalls(DeleteCommand).map((entry) => entry.args[0].input)).toEqual([
      { TableName: 'safeguarding', Key: { pk: 'MEMBER#ada', sk: 'HIDDEN' }, ConditionExpression: 'attribute_not_exists(blocks) AND attribute_not_exists(blockedBy)' },
    ]);
  });
});
