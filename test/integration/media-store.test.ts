import { randomUUID } from 'node:crypto';
import { HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '@mentoring/shared';
import { api } from './support/api';
import { bearer, newUser } from './support/auth';
import type { TestUser } from '../support/auth';

interface PresignedPost {
  url: string;
  fields: Record<string, string>;
  key: string;
}

const MEDIA_BUCKET = 'media';

/**
 * The local media store (s3rver behind the stage's S3 front) takes a browser upload only as S3 takes it: with
 * the POST policy the API signed, within its conditions, before it expires. And /media/ (the app's origin)
 * serves images only. Issue 27: before, any form was stored and /media/ served it as whatever it said it was.
 */
describe('the local media store', () => {
  let member: TestUser;
  let other: TestUser;
  let s3: S3Client;
  let png: Buffer;

  beforeAll(async () => {
    [member, other] = await Promise.all([newUser('Media Owner'), newUser('Media Other')]);
    // The stage's own credentials, as only its functions hold them: to look at what was stored, and to make expired policies.
    s3 = new S3Client({ endpoint: inject('s3Endpoint')!, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, forcePathStyle: true });
    png = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
  });
  afterAll(() => s3?.destroy());

  const presign = async (user: TestUser, size = png.length) => {
    const response = await api('/api/profile/me/photo', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(user.idToken) },
      body: JSON.stringify({ contentType: 'image/png', size }),
    });
    expect(response.status).toBe(200);
    return (await response.json()) as PresignedPost;
  };

  /** Sends a form as the browser does, fields first and the file last. */
  const send = async (url: string, fields: Record<string, string>, file: Buffer = png, type = 'image/png') => (await sendFromPage(url, fields, file, type)).answer;

  /** As the SPA's page sends it, with its Origin: the answer, and whether the page may read it (CORS). */
  const sendFromPage = async (url: string, fields: Record<string, string>, file: Buffer = png, type = 'image/png') => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file)], { type }), 'upload');
    const response = await fetch(url, { method: 'POST', body: form, headers: { origin: inject('baseUrl') } });
    const text = await response.text();
    return { answer: { status: response.status, code: /<Code>([^<]+)<\/Code>/.exec(text)?.[1] }, allowOrigin: response.headers.get('access-control-allow-origin') };
  };

  const isStored = async (key: string) => {
    try {
      await s3.send(new HeadObjectCommand({ Bucket: MEDIA_BUCKET, Key: key }));
      return true;
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound') return false;
      throw error;
    }
  };

  it('stores an upload that keeps to the policy the API signed, and lets the page read the answer', async () => {
    const post = await presign(member);
    const { answer, allowOrigin } = await sendFromPage(post.url, post.fields);
    expect(answer).toEqual({ status: 204, code: undefined });
    expect(allowOrigin).not.toBeNull();
    expect(await isStored(post.key)).toBe(true);
    // A refusal too, so the page can tell why.
    expect((await sendFromPage(post.url, { ...post.fields, key: `photos/${other.sub}/x.png` })).allowOrigin).not.toBeNull();
  });

  it("refuses the member's policy re-keyed into another member's folder as HTML, and stores nothing", async () => {
    const post = await presign(member);
    const key = `photos/${other.sub}/x.html`;
    expect(await send(post.url, { ...post.fields, key, 'Content-Type': 'text/html' }, Buffer.from('<script>alert(1)</script>'), 'text/html')).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await send(post.url, { ...post.fields, key })).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await isStored(key)).toBe(false);
  });

  it('refuses a content type other than the one the policy names', async () => {
    const post = await presign(member);
    expect(await send(post.url, { ...post.fields, 'Content-Type': 'text/html' }, png, 'text/html')).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await isStored(post.key)).toBe(false);
  });

  it('refuses a form with no policy or no signature, and a signature that does not match', async () => {
    const post = await presign(member);
    const key = `uploads/${member.sub}/${randomUUID()}`;
    expect(await send(post.url, { key, 'Content-Type': 'image/png' })).toEqual({ status: 403, code: 'AccessDenied' });
    const { 'X-Amz-Signature': signature, ...unsigned } = post.fields;
    expect(await send(post.url, unsigned)).toEqual({ status: 400, code: 'InvalidArgument' });
    const forged = `${signature!.slice(0, -1)}${signature!.endsWith('0') ? '1' : '0'}`;
    expect(await send(post.url, { ...post.fields, 'X-Amz-Signature': forged })).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    // A policy signed with another secret.
    const stranger = new S3Client({ endpoint: inject('s3Endpoint')!, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'not-the-secret' }, forcePathStyle: true });
    try {
      const theirs = await createPresignedPost(stranger, { Bucket: MEDIA_BUCKET, Key: key, Fields: { 'Content-Type': 'image/png' } });
      expect(await send(theirs.url, theirs.fields)).toEqual({ status: 403, code: 'SignatureDoesNotMatch' });
    } finally {
      stranger.destroy();
    }
    expect(await isStored(key)).toBe(false);
    expect(await isStored(post.key)).toBe(false);
  });

  it('refuses a file over or under the policy content-length-range', async () => {
    const post = await presign(member);
    expect(await send(post.url, post.fields, Buffer.alloc(MAX_PHOTO_BYTES + 1, 1))).toEqual({ status: 400, code: 'EntityTooLarge' });
    expect(await send(post.url, post.fields, Buffer.alloc(0))).toEqual({ status: 400, code: 'EntityTooSmall' });
    expect(await isStored(post.key)).toBe(false);
  });

  it('refuses an expired policy, and a field the policy does not name', async () => {
    const key = `uploads/${member.sub}/${randomUUID()}`;
    const expired = await createPresignedPost(s3, { Bucket: MEDIA_BUCKET, Key: key, Fields: { 'Content-Type': 'image/png' }, Expires: -60 });
    expect(await send(expired.url, expired.fields)).toEqual({ status: 403, code: 'AccessDenied' });
    const post = await presign(member);
    expect(await send(post.url, { ...post.fields, 'Cache-Control': 'public, max-age=31536000' })).toEqual({ status: 403, code: 'AccessDenied' });
    expect(await isStored(key)).toBe(false);
    expect(await isStored(post.key)).toBe(false);
  });

  it('serves images only under /media/, with nosniff', async () => {
    const folder = `photos/${member.sub}`;
    const webp = await sharp(png).webp().toBuffer();
    await s3.send(new PutObjectCommand({ Bucket: MEDIA_BUCKET, Key: `${folder}/a-400.webp`, Body: webp, ContentType: 'image/webp' }));
    await s3.send(new PutObjectCommand({ Bucket: MEDIA_BUCKET, Key: `${folder}/x.html`, Body: '<script>alert(1)</script>', ContentType: 'text/html' }));
    await s3.send(new PutObjectCommand({ Bucket: MEDIA_BUCKET, Key: `${folder}/y.svg`, Body: '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', ContentType: 'image/svg+xml' }));

    const image = await api(`/media/${folder}/a-400.webp`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await image.arrayBuffer()).equals(webp)).toBe(true);
    for (const name of ['x.html', 'y.svg']) {
      const refused = await api(`/media/${folder}/${name}`);
      expect({ name, status: refused.status }).toEqual({ name, status: 404 });
      expect(await refused.text()).not.toContain('<script>');
    }
  });
});
