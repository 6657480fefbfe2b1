import { S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyPostPolicy } from './s3-post-policy';

const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
const region = 'us-east-1';
const client = new S3Client({ endpoint: 'http://127.0.0.1:9', region, credentials, forcePathStyle: true });
afterAll(() => client.destroy());

/** A form as the SPA sends it: the presigned fields (names as S3 reads them, lower-cased) and a file of `fileSize` bytes. */
const form = async (options: Partial<PresignedPostOptions> = {}, { fileSize = 100, change = {} as Record<string, string | undefined>, bucket = 'media' } = {}) => {
  const { fields } = await createPresignedPost(client, {
    Bucket: 'media',
    Key: 'uploads/u1/photo',
    Conditions: [['content-length-range', 1, 1000], ['eq', '$Content-Type', 'image/png']],
    Fields: { 'Content-Type': 'image/png' },
    Expires: 300,
    ...options,
  });
  const map = new Map(Object.entries({ ...fields, ...change }).flatMap(([name, value]) => (value === undefined ? [] : [[name.toLowerCase(), value] as const])));
  return { bucket, fields: map, fileSize };
};

const verify = async (...args: Parameters<typeof form>) => verifyPostPolicy(await form(...args), credentials, { region });

describe('verifyPostPolicy', () => {
  it('accepts the form the SDK presigned, as it is', async () => {
    expect(await verify()).toEqual({ ok: true });
  });

  it('checks starts-with conditions on the key', async () => {
    const options = { Key: 'uploads/u1/${filename}' };
    expect(await verify(options, { change: { key: 'uploads/u1/me.png' } })).toEqual({ ok: true });
    expect(await verify(options, { change: { key: 'uploads/u2/me.png' } })).toMatchObject({ ok: false, status: 403, code: 'AccessDenied' });
  });

  it.each([
    ['another key', { change: { key: 'photos/u2/x.html' } }, 403, 'AccessDenied'],
    ['another type', { change: { 'Content-Type': 'text/html' } }, 403, 'AccessDenied'],
    ['another bucket', { bucket: 'archive' }, 403, 'AccessDenied'],
    ['a field no condition names', { change: { 'x-amz-meta-owner': 'u2' } }, 403, 'AccessDenied'],
    ['no policy', { change: { Policy: undefined } }, 403, 'AccessDenied'],
    ['no signature', { change: { 'X-Amz-Signature': undefined } }, 400, 'InvalidArgument'],
    ['another access key', { change: { 'X-Amz-Credential': 'AKIAOTHER/20260101/us-east-1/s3/aws4_request' } }, 403, 'InvalidAccessKeyId'],
    ['a forged signature', { change: { 'X-Amz-Signature': '0'.repeat(64) } }, 403, 'SignatureDoesNotMatch'],
    ['a file over the range', { fileSize: 1001 }, 400, 'EntityTooLarge'],
    ['an empty file', { fileSize: 0 }, 400, 'EntityTooSmall'],
  ])('refuses %s', async (_, change, status, code) => {
    expect(await verify({}, change)).toMatchObject({ ok: false, status, code });
  });

  it('lets x-ignore- fields through, as S3 does', async () => {
    expect(await verify({}, { change: { 'x-ignore-note': 'anything' } })).toEqual({ ok: true });
  });

  it('refuses a policy past its expiration', async () => {
    expect(await verify({ Expires: -1 })).toMatchObject({ ok: false, status: 403, code: 'AccessDenied', message: expect.stringContaining('expired') });
  });

  it('refuses a policy whose body was changed after signing', async () => {
    const signed = await form();
    const policy = JSON.parse(Buffer.from(signed.fields.get('policy')!, 'base64').toString('utf8')) as { conditions: unknown[] };
    policy.conditions.push(['starts-with', '$key', '']);
    signed.fields.set('policy', Buffer.from(JSON.stringify(policy)).toString('base64'));
    expect(await verifyPostPolicy(signed, credentials, { region })).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });
});
