import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { backfillBlockPartitions, backfillDeclinedSets } from './backfill-directory-summaries';

const client = DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));
const dynamo = mockClient(client);

beforeEach(() => dynamo.reset());

describe('bringing stored data into the directory’s summaries', () => {
  it('moves each old block in one transaction (new rows and summaries in, both old items out), page by page', async () => {
    dynamo
      .on(ScanCommand)
      .resolvesOnce({ Items: [{ pk: 'BLOCKS#ada', sk: 'bob', blockedAt: 'then' }], LastEvaluatedKey: { pk: 'BLOCKS#ada', sk: 'bob' } })
      .resolvesOnce({ Items: [] });
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await backfillBlockPartitions(client, 'safeguarding')).toBe(1);
    expect(dynamo.commandCalls(ScanCommand)[0]!.args[0].input).toMatchObject({ FilterExpression: 'begins_with(pk, :old)', ExpressionAttributeValues: { ':old': 'BLOCKS#' } });
    expect(dynamo.commandCalls(ScanCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({ pk: 'BLOCKS#ada', sk: 'bob' });
    expect(dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems).toEqual([
      { Put: { TableName: 'safeguarding', Item: { pk: 'MEMBER#ada', sk: 'BLOCKS#bob', blockedAt: 'then' } } },
      { Put: { TableName: 'safeguarding', Item: { pk: 'MEMBER#bob', sk: 'BLOCKED_BY#ada', blockedAt: 'then' } } },
      { Update: { TableName: 'safeguarding', Key: { pk: 'MEMBER#ada', sk: 'HIDDEN' }, UpdateExpression: 'ADD blocks :id', ExpressionAttributeValues: { ':id': new Set(['bob']) } } },
      { Update: { TableName: 'safeguarding', Key: { pk: 'MEMBER#bob', sk: 'HIDDEN' }, UpdateExpression: 'ADD blockedBy :id', ExpressionAttributeValues: { ':id': new Set(['ada']) } } },
      { Delete: { TableName: 'safeguarding', Key: { pk: 'BLOCKS#ada', sk: 'bob' } } },
      { Delete: { TableName: 'safeguarding', Key: { pk: 'BLOCKED_BY#bob', sk: 'ada' } } },
    ]);
  });

  it('puts the mentor of each declined mentorship that is someone’s no into the mentee’s DECLINED set', async () => {
    dynamo.on(ScanCommand).resolves({ Items: [{ pk: 'MENTORSHIP#x', sk: 'META', state: 'DECLINED', declineReason: 'not_my_area', mentorId: 'grace', menteeId: 'ada' }] });
    dynamo.on(UpdateCommand).resolves({});
    expect(await backfillDeclinedSets(client, 'mentorships')).toBe(1);
    expect(dynamo.commandCalls(ScanCommand)[0]!.args[0].input).toMatchObject({
      FilterExpression: 'sk = :meta AND #state = :declined AND (attribute_not_exists(declineReason) OR declineReason <> :noPlaces)',
      ExpressionAttributeValues: { ':meta': 'META', ':declined': 'DECLINED', ':noPlaces': 'no_places' },
    });
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input).toEqual({
      TableName: 'mentorships',
      Key: { pk: 'MENTEE#ada', sk: 'DECLINED' },
      UpdateExpression: 'ADD mentorIds :id',
      ExpressionAttributeValues: { ':id': new Set(['grace']) },
    });
  });
});
