import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES } from '@mentoring/shared';
import { apiEvent, lambdaContext } from '#testing/events';
import { useTestIdentity } from '#testing/tokens';
import { handler as confirm } from './photo-confirm';
import { handler as remove } from './photo-delete';
import { handler as upload } from './photo-upload';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const s3 = mockClient(S3Client);
const bus = mockClient(EventBridgeClient);
Object.assign(process.env, {
  MEMBERS_TABLE: 'members-test',
  MEDIA_BUCKET: 'media-test',
  EVENT_BUS_NAME: 'bus-test',
  AWS_ACCESS_KEY_ID: 'AKIDTEST',
  AWS_SECRET_ACCESS_KEY: 'secret-test',
});

const identity = useTestIdentity({ beforeAll, afterAll });
const SUB = '3f1c2b7e-0000-4000-8000-000000000001';
const OTHER = '3f1c2b7e-0000-4000-8000-000000000002';
const UPLOAD = `uploads/${SUB}/0b8f3c1e-5d2a-4c1b-9e7f-1a2b3c4d5e6f`;

const call = async (
  run: typeof upload,
  method: string,
  body?: unknown,
  sub = SUB,
) =>
  (await run(
    apiEvent({
      method,
      path: '/api/profile/me/photo',
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...identity.bearer({ sub, email: 'ada@example.org' }) },
    }),
    lambdaContext(),
  )) as APIGatewayProxyStructuredResultV2;

const errorOf = (response: APIGatewayProxyStructuredResultV2) => (JSON.parse(response.body!) as { error: { code: string } }).error.code;

const member = (extra: Record<string, unknown> = {}) => ({
  id: SUB,
  role: 'mentee',
  displayName: 'Ada',
  headline: '',
  bio: '',
  languages: ['en'],
  country: 'GB',
  timezone: 'Europe/London',
  availability: [],
  format: 'online',
  topics: ['Career'],
  goals: 'Grow',
  approvalState: 'draft',
  version: 1,
  ...extra,
});

/** What S3 answers to GetObject, as far as the handler reads it; `destroy` is how a Node body lets go of its socket. */
const objectBody = (bytes: Buffer, contentLength = bytes.length) => ({
  ContentLength: contentLength,
  Body: { transformToByteArray: async () => new Uint8Array(bytes), transformToWebStream: () => new ReadableStream(), destroy: vi.fn() },
});

let png: Buffer;
let jpeg: Buffer;
beforeAll(async () => {
  const raw = { width: 200, height: 120, channels: 3 as const };
  const pixels = Buffer.alloc(raw.width * raw.height * 3, 0x80);
  png = await sharp(pixels, { raw }).png().toBuffer();
  jpeg = await sharp(pixels, { raw }).jpeg().toBuffer();
});

beforeEach(() => {
  dynamo.reset();
  s3.reset();
  bus.reset();
  bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'event-1' }] });
  s3.on(PutObjectCommand).resolves({});
  s3.on(DeleteObjectCommand).resolves({});
});

describe('POST /api/profile/me/photo', () => {
  it('answers a presigned POST into the caller\'s own upload folder, limited to the size and the declared type', async () => {
    const response = await call(upload, 'POST', { contentType: 'image/png', size: 1234 });
    expect(response.statusCode).toBe(200);
    const answer = JSON.parse(response.body!) as { url: string; fields: Record<string, string>; key: string; expiresAt: string };
    expect(answer.key).toMatch(new RegExp(`^uploads/${SUB}/[0-9a-f-]{36}$`));
    expect(answer.url).toContain('media-test');
    expect(answer.fields).toMatchObject({ key: answer.key, 'Content-Type': 'image/png', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = JSON.parse(Buffer.from(answer.fields.Policy!, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, MAX_PHOTO_BYTES],
        ['eq', '$Content-Type', 'image/png'],
        { key: answer.key },
        { bucket: 'media-test' },
      ]),
    );
    const expiresIn = Date.parse(policy.expiration) - Date.now();
    expect(expiresIn).toBeGreaterThan(0);
    expect(expiresIn).toBeLessThanOrEqual(5 * 60 * 1000);
    // A fresh key each time: one upload can never overwrite another.
    const again = JSON.parse((await call(upload, 'POST', { contentType: 'image/png', size: 1234 })).body!) as { key: string };
    expect(again.key).not.toBe(answer.key);
  });

  it.each([
    ['a type that is not a photo', { contentType: 'image/gif', size: 1000 }],
    ['a text file', { contentType: 'text/plain', size: 1000 }],
    ['a file over the limit', { contentType: 'image/jpeg', size: MAX_PHOTO_BYTES + 1 }],
    ['an empty file', { contentType: 'image/jpeg', size: 0 }],
  ])('refuses %s with 400', async (_what, body) => {
    const response = await call(upload, 'POST', body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe('validation_failed');
  });

  it('answers 401 without a token', async () => {
    const response = (await upload(apiEvent({ method: 'POST', path: '/api/profile/me/photo', body: '{}', headers: { 'content-type': 'application/json' } }), lambdaContext())) as APIGatewayProxyStructuredResultV2;
    expect(response.statusCode).toBe(401);
  });
});

describe('PUT /api/profile/me/photo', () => {
  const updates = () => dynamo.commandCalls(UpdateCommand).map((entry) => entry.args[0].input);
  const puts = () => s3.commandCalls(PutObjectCommand).map((entry) => entry.args[0].input);
  const deletes = () => s3.commandCalls(DeleteObjectCommand).map((entry) => entry.args[0].input.Key);

  it('resizes a real PNG to square WebP copies, stores the key with a conditional write, deletes the upload and tells the bus', async () => {
    dynamo.on(GetCommand).resolves({ Item: member() });
    dynamo.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => ({
      Attributes: member({ photoKey: input.ExpressionAttributeValues[':key'] }),
    }));
    s3.on(GetObjectCommand, { Key: UPLOAD }).resolves(objectBody(png) as never);

    const response = await call(confirm, 'PUT', { key: UPLOAD });
    expect(response.statusCode).toBe(200);

    expect(puts().map((input) => input.Key)).toEqual([
      expect.stringMatching(new RegExp(`^photos/${SUB}/[0-9a-f]{32}-400\\.webp$`)),
      expect.stringMatching(new RegExp(`^photos/${SUB}/[0-9a-f]{32}-96\\.webp$`)),
    ]);
    for (const [index, size] of [400, 96].entries()) {
      const input = puts()[index]!;
      expect(input).toMatchObject({ Bucket: 'media-test', ContentType: 'image/webp', CacheControl: 'public, max-age=31536000, immutable' });
      const meta = await sharp(input.Body as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size, height: size });
    }
    const photoKey = puts()[0]!.Key!;
    expect(updates()).toEqual([
      expect.objectContaining({
        Key: { id: SUB },
        UpdateExpression: 'SET photoKey = :key, updatedAt = :now ADD version :one',
        ConditionExpression: 'attribute_exists(id) AND attribute_not_exists(photoKey)',
        ExpressionAttributeValues: expect.objectContaining({ ':key': photoKey }),
      }),
    ]);
    expect(deletes()).toEqual([UPLOAD]);
    const [event] = bus.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries!;
    expect(event).toMatchObject({ Source: 'mentoring', DetailType: 'member.changed', EventBusName: 'bus-test' });
    expect(JSON.parse(event!.Detail!)).toEqual({ memberId: SUB, reason: 'photo' });
    const answer = JSON.parse(response.body!) as { profile: { photoUrl: string }; email: string };
    expect(answer.profile.photoUrl).toBe(`/media/${photoKey}`);
    expect(answer.email).toBe('ada@example.org');
  });

  it('replaces an earlier photo only if it is still the stored one, then deletes its copies', async () => {
    const old = `photos/${SUB}/${'a'.repeat(32)}-400.webp`;
    dynamo.on(GetCommand).resolves({ Item: member({ photoKey: old }) });
    dynamo.on(UpdateCommand).callsFake((input: { ExpressionAttributeValues: Record<string, string> }) => ({
      Attributes: member({ photoKey: input.ExpressionAttributeValues[':key'] }),
    }));
    s3.on(GetObjectCommand).resolves(objectBody(jpeg) as never);
    expect((await call(confirm, 'PUT', { key: UPLOAD })).statusCode).toBe(200);
    expect(updates()[0]).toMatchObject({ ConditionExpression: 'attribute_exists(id) AND photoKey = :previous', ExpressionAttributeValues: expect.objectContaining({ ':previous': old }) });
    expect(deletes()).toEqual([UPLOAD, old, old.replace('-400.webp', '-96.webp')]);
  });

  it("refuses someone else's upload with 403, without reading it", async () => {
    for (const key of [`uploads/${OTHER}/0b8f3c1e-5d2a-4c1b-9e7f-1a2b3c4d5e6f`, `photos/${SUB}/x-400.webp`, `uploads/${SUB}/../${OTHER}/0b8f3c1e-5d2a-4c1b-9e7f-1a2b3c4d5e6f`]) {
      const response = await call(confirm, 'PUT', { key });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toBe('forbidden');
    }
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
    expect(updates()).toHaveLength(0);
  });

  it.each([
    ['text renamed .png', Buffer.from('just some text, not an image at all'.repeat(10))],
    ['PNG magic bytes over garbage', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 7)])],
    ['a GIF', Buffer.from('GIF89a' + '\0'.repeat(100), 'latin1')],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"></svg>')],
  ])('refuses %s with 415, stores nothing and deletes the upload', async (_what, bytes) => {
    dynamo.on(GetCommand).resolves({ Item: member() });
    s3.on(GetObjectCommand).resolves(objectBody(bytes) as never);
    const response = await call(confirm, 'PUT', { key: UPLOAD });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response)).toBe('unsupported_media_type');
    expect(puts()).toHaveLength(0);
    expect(updates()).toHaveLength(0);
    expect(deletes()).toEqual([UPLOAD]);
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
  });

  it('refuses a truncated JPEG whose header still parses', async () => {
    dynamo.on(GetCommand).resolves({ Item: member() });
    s3.on(GetObjectCommand).resolves(objectBody(jpeg.subarray(0, Math.floor(jpeg.length / 3))) as never);
    const response = await call(confirm, 'PUT', { key: UPLOAD });
    expect(response.statusCode).toBe(415);
    expect(updates()).toHaveLength(0);
  });

  it('refuses an upload larger than a photo may be with 413, unread, its body destroyed', async () => {
    dynamo.on(GetCommand).resolves({ Item: member() });
    let read = false;
    const destroy = vi.fn();
    s3.on(GetObjectCommand).resolves({
      ContentLength: MAX_PHOTO_BYTES + 1,
      Body: {
        transformToByteArray: async () => {
          read = true;
          return new Uint8Array();
        },
        transformToWebStream: () => new ReadableStream(),
        destroy,
      },
    } as never);
    const response = await call(confirm, 'PUT', { key: UPLOAD });
    expect(response.statusCode).toBe(413);
    expect(errorOf(response)).toBe('payload_too_large');
    expect(read).toBe(false);
    // Cancelling a web stream made from it would leave the socket open: the Node stream is destroyed.
    expect(destroy).toHaveBeenCalledOnce();
    expect(updates()).toHaveLength(0);
    expect(deletes()).toEqual([UPLOAD]);
  });

  it('refuses bytes over the limit even when S3 did not say the size, its body destroyed', async () => {
    dynamo.on(GetCommand).resolves({ Item: member() });
    const object = objectBody(Buffer.concat([png, Buffer.alloc(MAX_PHOTO_BYTES)]), 0);
    s3.on(GetObjectCommand).resolves(object as never);
    expect((await call(confirm, 'PUT', { key: UPLOAD })).statusCode).toBe(413);
    expect(object.Body.destroy).toHaveBeenCalled();
  });

  it('refuses a photo too small to show with 400', async () => {
    dynamo.on(GetCommand).resolves({ Item: member() });
    const tiny = await sharp(Buffer.alloc(10 * 10 * 3), { raw: { width: 10, height: 10, channels: 3 } }).png().toBuffer();
    s3.on(GetObjectCommand).resolves(objectBody(tiny) as never);
    const response = await call(confirm, 'PUT', { key: UPLOAD });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toBe('validation_failed');
  });

  it('answers 404 when the upload is gone (expired or already used)', async () => {
    dynamo.on(GetCommand).resolves({ Item: member() });
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'gone', $metadata: {} }));
    const response = await call(confirm, 'PUT', { key: UPLOAD });
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toBe('not_found');
  });

  it('answers 409 before a profile exists, and reads no upload', async () => {
    dynamo.on(GetCommand).resolves({});
    const response = await call(confirm, 'PUT', { key: UPLOAD });
    expect(response.statusCode).toBe(409);
    expect(s3.commandCalls(GetObjectCommand)).toHaveLength(0);
  });

  it('answers 409 when another photo change won the race, and removes its own copies', async () => {
    dynamo.on(GetCommand).resolves({ Item: member() });
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    s3.on(GetObjectCommand).resolves(objectBody(png) as never);
    const response = await call(confirm, 'PUT', { key: UPLOAD });
    expect(response.statusCode).toBe(409);
    expect(new Set(deletes())).toEqual(new Set([...puts().map((input) => input.Key), UPLOAD]));
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(0);
  });
});

describe('DELETE /api/profile/me/photo', () => {
  it('clears the key only if it is still the stored one, deletes both copies and tells the bus', async () => {
    const old = `photos/${SUB}/${'b'.repeat(32)}-400.webp`;
    dynamo.on(GetCommand).resolves({ Item: member({ photoKey: old }) });
    dynamo.on(UpdateCommand).resolves({ Attributes: member() });
    const response = await call(remove, 'DELETE');
    expect(response.statusCode).toBe(200);
    expect(dynamo.commandCalls(UpdateCommand)[0]!.args[0].input).toMatchObject({
      UpdateExpression: 'REMOVE photoKey SET updatedAt = :now ADD version :one',
      ConditionExpression: 'attribute_exists(id) AND photoKey = :previous',
      ExpressionAttributeValues: expect.objectContaining({ ':previous': old }),
    });
    expect(s3.commandCalls(DeleteObjectCommand).map((entry) => entry.args[0].input.Key)).toEqual([old, old.replace('-400.webp', '-96.webp')]);
    expect(JSON.parse(bus.commandCalls(PutEventsCommand)[0]!.args[0].input.Entries![0]!.Detail!)).toEqual({ memberId: SUB, reason: 'photo' });
    expect((JSON.parse(response.body!) as { profile: { photoUrl: null } }).profile.photoUrl).toBeNull();
  });

  it('does nothing when there is no photo', async () => {
    dynamo.on(GetCommand).resolves({ Item: member() });
    expect((await call(remove, 'DELETE')).statusCode).toBe(200);
    expect(dynamo.commandCalls(UpdateCommand)).toHaveLength(0);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });

  it('answers 409 and keeps the files when the photo changed meanwhile', async () => {
    dynamo.on(GetCommand).resolves({ Item: member({ photoKey: `photos/${SUB}/${'c'.repeat(32)}-400.webp` }) });
    dynamo.on(UpdateCommand).rejects(new ConditionalCheckFailedException({ message: 'no', $metadata: {} }));
    expect((await call(remove, 'DELETE')).statusCode).toBe(409);
    expect(s3.commandCalls(DeleteObjectCommand)).toHaveLength(0);
  });
});
