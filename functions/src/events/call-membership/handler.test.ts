import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '#testing/events';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
process.env.CALLS_TABLE = 'calls-test';

const busEvent = (type: string, detail: Record<string, unknown>): EventBridgeEvent<string, unknown> => ({
  version: '0',
  id: 'event-1',
  'detail-type': type,
  source: 'getstream.io',
  account: '123456789012',
  time: '2026-01-01T00:00:00Z',
  region: 'eu-west-1',
  resources: [],
  detail: { type, call_cid: 'default:abc', created_at: '2026-01-01T00:00:05.000Z', ...detail },
});

const memberships = () =>
  dynamo.commandCalls(TransactWriteCommand).map((call) => {
    const [member, index] = call.args[0].input.TransactItems!;
    return { member: member!.Update!.Key, index: index!.Update!.Key, removed: member!.Update!.ExpressionAttributeValues![':removed'] };
  });

describe('call-membership consumer', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
    dynamo.on(TransactWriteCommand).resolves({});
  });

  it('call.created records the call and makes its members and its creator members, under both keys', async () => {
    await handler(
      busEvent('call.created', { call: { created_by: { id: 'mentor-1' }, created_at: '2026-01-01T00:00:00.000Z' }, members: [{ user_id: 'mentee-1', role: 'user' }] }),
      lambdaContext(),
    );
    expect(memberships()).toEqual([
      { member: { pk: 'CALL#default:abc', sk: 'MEMBER#mentee-1' }, index: { pk: 'USER#mentee-1', sk: 'CALL#default:abc' }, removed: false },
      { member: { pk: 'CALL#default:abc', sk: 'MEMBER#mentor-1' }, index: { pk: 'USER#mentor-1', sk: 'CALL#default:abc' }, removed: false },
    ]);
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input.ExpressionAttributeValues).toMatchObject({ ':createdBy': 'mentor-1' });
  });

  it('call.member_removed (a list of user ids) marks the members removed', async () => {
    await handler(busEvent('call.member_removed', { members: ['mentee-1'] }), lambdaContext());
    expect(memberships()).toEqual([expect.objectContaining({ member: { pk: 'CALL#default:abc', sk: 'MEMBER#mentee-1' }, removed: true })]);
  });

  it('call.ended keeps the end time and a history record', async () => {
    await handler(busEvent('call.ended', {}), lambdaContext());
    expect(dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input.UpdateExpression)).toContain('SET endedAt = :at');
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input.Item).toMatchObject({ sk: 'HISTORY#2026-01-01T00:00:05.000Z#call.ended' });
  });
});
