import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blocksOf, deleteBlock, deleteBlocksOf, hiddenFrom, putBlock } from './repository';

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
  it('stores a block and its mirror in one transaction, refusing a repeat', async () => {
    dynamo.on(TransactWriteCommand).resolvesOnce({}).rejectsOnce(refused());
    expect(await putBlock('ada', 'bob', AT)).toBe(true);
    expect(await putBlock('ada', 'bob', AT)).toBe(false);
    expect(transactions()[0]).toEqual([
      { Put: { TableName: 'safeguarding', Item: { pk: 'MEMBER#ada', sk: 'BLOCKS#bob', blockedAt: AT }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: 'safeguarding', Item: { pk: 'MEMBER#bob', sk: 'BLOCKED_BY#ada', blockedAt: AT } } },
    ]);
  });

  it('removes a block and its mirror in one transaction, saying when there was none', async () => {
    dynamo.on(TransactWriteCommand).resolvesOnce({}).rejectsOnce(refused());
    expect(await deleteBlock('ada', 'bob')).toBe(true);
    expect(await deleteBlock('ada', 'bob')).toBe(false);
    expect(transactions()[0]).toEqual([
      { Delete: { TableName: 'safeguarding', Key: { pk: 'MEMBER#ada', sk: 'BLOCKS#bob' }, ConditionExpression: 'attribute_exists(pk)' } },
      { Delete: { TableName: 'safeguarding', Key: { pk: 'MEMBER#bob', sk: 'BLOCKED_BY#ada' } } },
    ]);
  });

  it('hides both directions with one Query of the member’s partition, following its pages', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ ...partition([{ pk: 'MEMBER#ada', sk: 'BLOCKED_BY#cy', blockedAt: AT }]), LastEvaluatedKey: { pk: 'MEMBER#ada', sk: 'BLOCKED_BY#cy' } })
      .resolvesOnce(partition([{ pk: 'MEMBER#ada', sk: 'BLOCKS#bob', blockedAt: AT }]));
    expect([...(await hiddenFrom('ada'))].sort()).toEqual(['bob', 'cy']);
    const queries = dynamo.commandCalls(QueryCommand).map((entry) => entry.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'MEMBER#ada' } });
    expect(queries[1]!.ExclusiveStartKey).toEqual({ pk: 'MEMBER#ada', sk: 'BLOCKED_BY#cy' });
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

  it('on account deletion removes every block made and received, each with its mirror', async () => {
    dynamo.on(QueryCommand).resolves(
      partition([
        { pk: 'MEMBER#ada', sk: 'BLOCKS#bob', blockedAt: AT },
        { pk: 'MEMBER#ada', sk: 'BLOCKED_BY#cy', blockedAt: AT },
      ]),
    );
    dynamo.on(TransactWriteCommand).resolves({});
    await deleteBlocksOf('ada');
    const keys = transactions().map((items) => items!.map((item) => item.Delete!.Key));
    expect(keys).toEqual(
      expect.arrayContaining([
        [{ pk: 'MEMBER#ada', sk: 'BLOCKS#bob' }, { pk: 'MEMBER#bob', sk: 'BLOCKED_BY#ada' }],
        [{ pk: 'MEMBER#cy', sk: 'BLOCKS#ada' }, { pk: 'MEMBER#ada', sk: 'BLOCKED_BY#cy' }],
      ]),
    );
    expect(keys).toHaveLength(2);
  });
});
