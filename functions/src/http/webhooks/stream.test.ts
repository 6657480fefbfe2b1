import { gzipSync } from 'node:zlib';
import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DeleteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { signWebhook } from '../../lib/stream/webhook-signature';
import { apiEvent, lambdaContext } from '../../../testing/events';
import { handler } from './stream';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const bus = mockClient(EventBridgeClient);
Object.assign(process.env, {
  WEBHOOK_DELIVERIES_TABLE: 'deliveries-test',
  EVENT_BUS_NAME: 'bus-test',
  STREAM_API_KEY: 'key-test',
  STREAM_API_SECRET: 'secret-test',
});

const event = { type: 'call.recording_ready', call_cid: 'default:abc', created_at: '2026-01-01T00:00:00.000Z' };

const deliver = async ({
  body = JSON.stringify(event),
  signature,
  apiKey = 'key-test',
  id = 'delivery-1',
  gzip = false,
  base64 = false,
}: { body?: string; signature?: string; apiKey?: string; id?: string; gzip?: boolean; base64?: boolean } = {}) => {
  const raw = Buffer.from(body);
  const sent = gzip ? gzipSync(raw) : raw;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'X-Signature': signature ?? signWebhook(raw, 'secret-test'),
    'X-Api-Key': apiKey,
    'X-Webhook-Id': id,
  };
  if (gzip) headers['Content-Encoding'] = 'gzip';
  const encoded = gzip || base64;
  return (await handler(
    apiEvent({ method: 'POST', path: '/api/webhooks/stream', headers, body: sent.toString(encoded ? 'base64' : 'utf8'), isBase64Encoded: encoded }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;
};

const errorCode = (response: APIGatewayProxyStructuredResultV2) => (JSON.parse(response.body!) as { error: { code: string } }).error.code;

describe('POST /api/webhooks/stream', () => {
  beforeEach(() => {
    dynamo.reset();
    bus.reset();
    dynamo.on(PutCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'event-1' }] });
  });

  it('publishes a signed event to the bus with source getstream.io and its type as detail-type, then answers 202', async () => {
    const response = await deliver();
    expect(response.statusCode).toBe(202);
    expect(bus.commandCalls(PutEventsCommand)[0]!.args[0].input).toEqual({
      Entries: [{ EventBusName: 'bus-test', Source: 'getstream.io', DetailType: 'call.recording_ready', Detail: JSON.stringify(event) }],
    });
    expect(dynamo.commandCalls(PutCommand)[0]!.args[0].input).toMatchObject({
      TableName: 'deliveries-test',
      Item: { id: 'delivery-1', expiresAt: expect.any(Number) },
      ConditionExpression: 'attribute_not_exists(id)',
    });
  });

  it.each([
    ['a wrong signature', { signature: 'ab'.repeat(32) }],
    ['a signature of other bytes', { signature: signWebhook('{}', 'secret-test') }],
    ['a signature with the wrong secret', { signature: signWebhook(JSON.stringify(event), 'other') }],
    ['a short signature', { signature: 'abc' }],
    ['an empty signature', { signature: '' }],
    ['a wrong API key', { apiKey: 'key-other' }],
  ])('answers 401 to %s, touching neither the table nor the bus', async (_name, options) => {
    const response = await deliver(options);
    expect(response.statusCode).toBe(401);
    expect(errorCode(response)).toBe('unauthenticated');
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('verifies a base64 body from API Gateway', async () => {
    expect((await deliver({ base64: true })).statusCode).toBe(202);
  });

  it('verifies a gzip body against the signature of its uncompressed bytes, and publishes the uncompressed JSON', async () => {
    expect((await deliver({ gzip: true })).statusCode).toBe(202);
    expect(bus.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!.Detail).toBe(JSON.stringify(event));
  });

  it('answers 400 to a body that says gzip but is not', async () => {
    const response = (await handler(
      apiEvent({ method: 'POST', path: '/api/webhooks/stream', headers: { 'content-encoding': 'gzip' }, body: Buffer.from('nope').toString('base64'), isBase64Encoded: true }),
      lambdaContext(),
    )) as APIGatewayProxyStructuredResultV2;
    expect(response.statusCode).toBe(400);
  });

  it('answers 400 to signed malformed JSON and to an event without a type', async () => {
    expect(errorCode(await deliver({ body: '{"type":' }))).toBe('validation_failed');
    expect((await deliver({ body: JSON.stringify({ call_cid: 'default:abc' }) })).statusCode).toBe(400);
    expect((await deliver({ body: JSON.stringify({ type: '' }) })).statusCode).toBe(400);
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('answers 413 to a body EventBridge could never take', async () => {
    const response = await deliver({ body: JSON.stringify({ ...event, pad: 'x'.repeat(300 * 1024) }) });
    expect(response.statusCode).toBe(413);
  });

  it('acknowledges a retried delivery without publishing it again', async () => {
    dynamo.on(PutCommand).rejects(new ConditionalCheckFailedException({ message: 'exists', $metadata: {} }));
    const response = await deliver();
    expect(response.statusCode).toBe(202);
    expect(JSON.parse(response.body!)).toEqual({ accepted: true, duplicate: true });
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it.each([
    ['throws', () => bus.on(PutEventsCommand).rejects(new Error('throttled'))],
    ['refuses the entry', () => bus.on(PutEventsCommand).resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure' }] })],
  ])('answers 500 and releases the delivery marker when the bus %s, so Stream\'s retry goes through', async (_name, arrange) => {
    arrange();
    const response = await deliver();
    expect(response.statusCode).toBe(500);
    expect(errorCode(response)).toBe('internal');
    expect(dynamo.commandCalls(DeleteCommand)[0]!.args[0].input).toEqual({ TableName: 'deliveries-test', Key: { id: 'delivery-1' } });
  });
});
