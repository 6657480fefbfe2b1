import { gzipSync } from 'node:zlib';
import { DynamoDBClient, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createHash } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DeleteCommand, DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { resolveDetail } from '../../lib/events/stored-detail';
import { signWebhook } from '../../lib/stream/webhook-signature';
import { apiEvent, lambdaContext } from '#testing/events';
import { handler } from './stream';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const bus = mockClient(EventBridgeClient);
const s3 = mockClient(S3Client);
Object.assign(process.env, {
  WEBHOOK_DELIVERIES_TABLE: 'deliveries-test',
  EVENT_BUS_NAME: 'bus-test',
  STREAM_API_KEY: 'key-test',
  STREAM_API_SECRET: 'secret-test',
  ARCHIVE_BUCKET: 'archive-test',
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const event = { type: 'call.recording_ready', call_cid: 'default:abc', created_at: minutesAgo(1) };
const digestOf = (body: string) => createHash('sha256').update(body).digest('hex');
const cancelled = (codes: string[]) =>
  new TransactionCanceledException({ message: 'cancelled', $metadata: {}, CancellationReasons: codes.map((Code) => ({ Code })) });

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
    s3.reset();
    dynamo.on(TransactWriteCommand).resolves({});
    s3.on(PutObjectCommand).resolves({});
    dynamo.on(DeleteCommand).resolves({});
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'event-1' }] });
  });

  it('publishes a signed event to the bus with source getstream.io and its type as detail-type, then answers 202', async () => {
    const response = await deliver();
    expect(response.statusCode).toBe(202);
    expect(bus.commandCalls(PutEventsCommand)[0]!.args[0].input).toEqual({
      Entries: [{ EventBusName: 'bus-test', Source: 'getstream.io', DetailType: 'call.recording_ready', Detail: JSON.stringify(event) }],
    });
    const items = dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!;
    expect(items.map((item) => item.Put)).toEqual([
      { TableName: 'deliveries-test', Item: { id: 'delivery-1', receivedAt: expect.any(String), expiresAt: expect.any(Number) }, ConditionExpression: 'attribute_not_exists(id)' },
      { TableName: 'deliveries-test', Item: { id: `payload#${digestOf(JSON.stringify(event))}`, receivedAt: expect.any(String), expiresAt: expect.any(Number) }, ConditionExpression: 'attribute_not_exists(id)' },
    ]);
    expect(s3.calls()).toHaveLength(0);
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
    expect(dynamo.commandCalls(TransactWriteCommand)).toHaveLength(0);
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

  it.each([
    ['longer than a DynamoDB key could ever need', 'x'.repeat(129)],
    ['far over the key size', 'x'.repeat(4096)],
    ['with a character outside the charset', 'delivery#1'],
    ['with a space', 'delivery 1'],
    ['empty', ''],
  ])('answers 400 to an X-Webhook-Id %s, before touching the table', async (_name, id) => {
    const response = await deliver({ id });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('validation_failed');
    expect(dynamo.calls()).toHaveLength(0);
    expect(bus.calls()).toHaveLength(0);
  });

  it('takes a UUID as X-Webhook-Id', async () => {
    expect((await deliver({ id: '0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f' })).statusCode).toBe(202);
  });

  it('answers 400 to a signed event without created_at', async () => {
    const response = await deliver({ body: JSON.stringify({ type: 'call.ended', call_cid: 'default:abc' }) });
    expect(response.statusCode).toBe(400);
    expect(bus.calls()).toHaveLength(0);
  });

  it.each([
    ['older than the replay window', minutesAgo(61)],
    ['from well in the future', minutesAgo(-10)],
  ])('ignores a signed event %s with a 202 Stream will not retry, and publishes nothing', async (_name, createdAt) => {
    const response = await deliver({ body: JSON.stringify({ ...event, created_at: createdAt }) });
    expect(response.statusCode).toBe(202);
    expect(JSON.parse(response.body!)).toEqual({ accepted: false, duplicate: false, stale: true });
    expect(bus.calls()).toHaveLength(0);
    expect(dynamo.calls()).toHaveLength(0);
  });

  it('publishes an event inside the window', async () => {
    expect(JSON.parse((await deliver({ body: JSON.stringify({ ...event, created_at: minutesAgo(59) }) })).body!)).toEqual({ accepted: true, duplicate: false });
  });

  it.each([
    ['a retried delivery id', ['ConditionalCheckFailed', 'None']],
    ['the same signed body under a new id', ['None', 'ConditionalCheckFailed']],
  ])('acknowledges %s without publishing it again', async (_name, codes) => {
    dynamo.on(TransactWriteCommand).rejects(cancelled(codes));
    const response = await deliver();
    expect(response.statusCode).toBe(202);
    expect(JSON.parse(response.body!)).toEqual({ accepted: true, duplicate: true });
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('dedupes by the body alone when Stream sends no webhook id', async () => {
    const response = (await handler(
      apiEvent({
        method: 'POST',
        path: '/api/webhooks/stream',
        headers: { 'X-Signature': signWebhook(JSON.stringify(event), 'secret-test'), 'X-Api-Key': 'key-test' },
        body: JSON.stringify(event),
      }),
      lambdaContext(),
    )) as APIGatewayProxyStructuredResultV2;
    expect(response.statusCode).toBe(202);
    expect(dynamo.commandCalls(TransactWriteCommand)[0]!.args[0].input.TransactItems!.map((item) => item.Put!.Item!.id)).toEqual([`payload#${digestOf(JSON.stringify(event))}`]);
  });

  it('stores an event too large for a bus entry in S3 and publishes a reference that consumers resolve', async () => {
    // Under the intake limit, but with source and detail-type over EventBridge's 256 KB.
    const overhead = Buffer.byteLength(JSON.stringify({ ...event, pad: '' }));
    const big = { ...event, pad: 'x'.repeat(256 * 1024 - 10 - overhead) };
    const body = JSON.stringify(big);
    expect(Buffer.byteLength(body)).toBe(256 * 1024 - 10);
    const response = await deliver({ body });
    expect(response.statusCode).toBe(202);
    const key = `webhook-events/${digestOf(body)}.json`;
    expect(s3.commandCalls(PutObjectCommand)[0]!.args[0].input).toMatchObject({ Bucket: 'archive-test', Key: key, Body: body });
    const detail = bus.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!.Detail!;
    expect(JSON.parse(detail)).toEqual({ type: 'call.recording_ready', storedDetail: { key, bytes: Buffer.byteLength(body) } });

    s3.on(GetObjectCommand, { Bucket: 'archive-test', Key: key }).resolves({ Body: { transformToString: async () => body } as never });
    expect(await resolveDetail(JSON.parse(detail))).toEqual(big);
  });

  it('never reads a stored detail outside the stored-events prefix', async () => {
    const forged = { type: 'call.ended', storedDetail: { key: 'recordings/someone-else.mp4', bytes: 1 } };
    expect(await resolveDetail(forged)).toEqual(forged);
    expect(s3.calls()).toHaveLength(0);
  });

  it.each([
    ['throws', () => bus.on(PutEventsCommand).rejects(new Error('throttled'))],
    ['refuses the entry', () => bus.on(PutEventsCommand).resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure' }] })],
  ])('answers 500 and releases both markers when the bus %s, so Stream\'s retry goes through', async (_name, arrange) => {
    arrange();
    const response = await deliver();
    expect(response.statusCode).toBe(500);
    expect(errorCode(response)).toBe('internal');
    expect(dynamo.commandCalls(DeleteCommand).map((call) => call.args[0].input)).toEqual([
      { TableName: 'deliveries-test', Key: { id: 'delivery-1' } },
      { TableName: 'deliveries-test', Key: { id: `payload#${digestOf(JSON.stringify(event))}` } },
    ]);
  });
});
