import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EventBridgeEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { lambdaContext } from '#testing/events';
import { handler } from './handler';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
process.env.CALLS_TABLE = 'calls-test';

const busEvent = (type: string, detail: Record<string, unknown> = {}): EventBridgeEvent<string, unknown> => ({
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

const flagUpdate = () => dynamo.commandCalls(UpdateCommand).map((call) => call.args[0].input).find((input) => input.ConditionExpression);

describe('call-status consumer', () => {
  beforeEach(() => {
    dynamo.reset();
    dynamo.on(UpdateCommand).resolves({});
    dynamo.on(PutCommand).resolves({});
  });

  it.each([
    ['call.recording_started', 'recording', true],
    ['call.recording_stopped', 'recording', false],
    ['call.transcription_failed', 'transcribing', false],
    ['call.closed_captions_started', 'captioning', true],
    ['call.hls_broadcasting_started', 'broadcasting', true],
    ['call.rtmp_broadcast_failed', 'broadcasting', false],
  ])('%s switches %s to %s, unless a newer event already did', async (type, flag, on) => {
    await handler(busEvent(type), lambdaContext());
    expect(flagUpdate()).toMatchObject({
      Key: { pk: 'CALL#default:abc', sk: 'META' },
      ConditionExpression: 'attribute_not_exists(#at) OR #at < :at',
      ExpressionAttributeNames: expect.objectContaining({ '#flag': flag, '#at': `${flag}ChangedAt` }),
      ExpressionAttributeValues: { ':on': on, ':at': '2026-01-01T00:00:05.000Z' },
    });
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({
      Item: { pk: 'CALL#default:abc', sk: `HISTORY#2026-01-01T00:00:05.000Z#${type}` },
      ConditionExpression: 'attribute_not_exists(sk)',
    });
  });

  it('treats a redelivered (or older) event as done, without failing', async () => {
    dynamo.on(UpdateCommand, { ConditionExpression: 'attribute_not_exists(#at) OR #at < :at' }).rejects(
      new ConditionalCheckFailedException({ message: 'stale', $metadata: {} }),
    );
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    await expect(handler(busEvent('call.recording_started'), lambdaContext())).resolves.toBeUndefined();
  });

  it('throws on an event without a call id, so it lands in the dead-letter queue', async () => {
    await expect(handler(busEvent('call.recording_started', { call_cid: undefined }), lambdaContext())).rejects.toThrow(/unexpected shape/);
  });
});
