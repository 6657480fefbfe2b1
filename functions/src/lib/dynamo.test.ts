import { DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { queryAll, scanAll } from './dynamo';

const dynamo = mockClient(DynamoDBDocumentClient);
const pages = [
  { Items: [{ n: 1 }, { n: 2 }], LastEvaluatedKey: { k: 2 } },
  { Items: [{ n: 3 }], LastEvaluatedKey: { k: 3 } },
  { Items: [{ n: 4 }] },
];

beforeEach(() => {
  dynamo.reset();
  let at = 0;
  dynamo.on(QueryCommand).callsFake(() => pages[at++]);
  dynamo.on(ScanCommand).callsFake(() => pages[at++]);
});

describe('queryAll and scanAll', () => {
  it('read page after page from where the last one ended, and answer every item', async () => {
    const onPage = vi.fn();
    expect(await queryAll({ TableName: 't', KeyConditionExpression: 'pk = :pk' }, { onPage })).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }]);
    expect(dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.ExclusiveStartKey)).toEqual([undefined, { k: 2 }, { k: 3 }]);
    expect(onPage).toHaveBeenCalledTimes(3);
  });

  it('stop at `atMost`, asking each request for no more than are still wanted, unless a filter makes Limit count other items', async () => {
    expect(await queryAll({ TableName: 't' }, { atMost: 3 })).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input.Limit)).toEqual([3, 1]);
    dynamo.resetHistory();
    let at = 0;
    dynamo.on(ScanCommand).callsFake(() => pages[at++]);
    expect(await scanAll({ TableName: 't', FilterExpression: 'a = :a' }, { atMost: 2 })).toEqual([{ n: 1 }, { n: 2 }]);
    expect(dynamo.commandCalls(ScanCommand).map((call) => call.args[0].input.Limit)).toEqual([undefined]);
  });
});
