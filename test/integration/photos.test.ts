import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl } from './support/api';
import { bearer, newUser } from './support/auth';
import { deleteItem, getItem, tableName } from './support/db';
import type { TestUser } from '../support/auth';
import { onboardAsMentee } from '../support/onboarding';
import { stageStream } from './support/stream-api';

interface PresignedPost {
  url: string;
  fields: Record<string, string>;
  key: string;
  expiresAt: string;
}

const json = (token: string, method: string, body?: unknown) => ({
  method,
  headers: { 'content-type': 'application/json', ...bearer(token) },
  body: body === undefined ? undefined : JSON.stringify(body),
});

/** What the SPA does: ask for a presigned POST, then send the form with the file straight to S3. */
const uploadFile = async (user: TestUser, bytes: Buffer, contentType: 'image/png' | 'image/jpeg' | 'image/webp', filename: string) => {
  const presign = await api('/api/profile/me/photo', json(user.idToken, 'POST', { contentType, size: bytes.length }));
  expect(presign.status).toBe(200);
  const post = (await presign.json()) as PresignedPost;
  const form = new FormData();
  for (const [name, value] of Object.entries(post.fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), filename);
  const sent = await fetch(post.url, { method: 'POST', body: form });
  expect(sent.status).toBe(204);
  return post;
};

/** Polls until `probe` answers something (consumers run after the request that caused them). */
const eventually = async <T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 15_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

// The member item is written here directly: the profile routes that create it are another part of this issue.
describe('photos', () => {
  let user: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    user = await newUser('Photo Tester');
    // A photo belongs to a profile: the member onboards first, as the SPA does.
    await onboardAsMentee(baseUrl(), user.idToken, { displayName: 'Photo Tester' });
    // A real, small PNG: a two-colour 300×200 picture.
    const pixels = Buffer.alloc(300 * 200 * 3);
    for (let index = 0; index < pixels.length; index += 3) pixels.set(index % 900 < 450 ? [200, 40, 40] : [40, 40, 200], index);
    png = await sharp(pixels, { raw: { width: 300, height: 200, channels: 3 } }).png().toBuffer();
  });
  afterAll(async () => {
    if (user) await deleteItem(tableName('members'), { id: user.sub });
  });

  it('takes a real PNG through the presigned POST, serves square WebP copies under /media, and upserts the Stream user', async () => {
    const post = await uploadFile(user, png, 'image/png', 'me.png');
    expect(post.key.startsWith(`uploads/${user.sub}/`)).toBe(true);

    const confirmed = await api('/api/profile/me/photo', json(user.idToken, 'PUT', { key: post.key }));
    expect(confirmed.status).toBe(200);
    const profile = (await confirmed.json()) as { profile: { photoUrl: string } };
    expect(profile.profile.photoUrl).toMatch(new RegExp(`^/media/photos/${user.sub}/[0-9a-f]{32}-400\\.webp$`));

    const stored = await getItem(tableName('members'), { id: user.sub });
    expect(`/media/${stored!.photoKey as string}`).toBe(profile.profile.photoUrl);

    for (const size of [400, 96]) {
      const served = await api(profile.profile.photoUrl.replace('-400.webp', `-${size}.webp`));
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({ format: 'webp', width: size, height: size });
    }
    // The upload is gone once used, and uploads are never served.
    expect((await api(`/media/${post.key}`)).status).toBe(404);
    expect((await api('/api/profile/me/photo', json(user.idToken, 'PUT', { key: post.key }))).status).toBe(404);

    // The member's Stream user shows the photo, as the stage's Stream app answers it.
    const stream = await stageStream();
    const shown = await eventually(async () => {
      const [streamUser] = (await stream.queryUsers({ payload: { filter_conditions: { id: user.sub } } })).users;
      return streamUser?.image ? streamUser : undefined;
    }, 'the Stream user with the photo');
    expect(shown).toMatchObject({ id: user.sub, name: 'Photo Tester', image: `${baseUrl()}${profile.profile.photoUrl}`, role: 'user', custom: { mentoringRole: 'mentee' } });
  });

  it('refuses a text file renamed .png with 415, keeps the photo it had and deletes the upload', async () => {
    const before = await getItem(tableName('members'), { id: user.sub });
    const post = await uploadFile(user, Buffer.from('This is not a picture, only words.\n'.repeat(20)), 'image/png', 'notes.png');
    const refused = await api('/api/profile/me/photo', json(user.idToken, 'PUT', { key: post.key }));
    expect(refused.status).toBe(415);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
    expect((await getItem(tableName('members'), { id: user.sub }))!.photoKey).toBe(before!.photoKey);
    // Deleted: a second try finds nothing to check.
    expect((await api('/api/profile/me/photo', json(user.idToken, 'PUT', { key: post.key }))).status).toBe(404);
  });

  it("refuses to take someone else's upload", async () => {
    const other = await newUser('Someone Else');
    const post = await uploadFile(other, png, 'image/png', 'theirs.png');
    const refused = await api('/api/profile/me/photo', json(user.idToken, 'PUT', { key: post.key }));
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('forbidden');
  });

  it('refuses a presigned POST for a type that is not a photo, or a file over the limit', async () => {
    expect((await api('/api/profile/me/photo', json(user.idToken, 'POST', { contentType: 'text/plain', size: 10 }))).status).toBe(400);
    expect((await api('/api/profile/me/photo', json(user.idToken, 'POST', { contentType: 'image/png', size: 6 * 1024 * 1024 }))).status).toBe(400);
    expect((await api('/api/profile/me/photo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(401);
  });

  it('removes the photo: the key from the member, the files from /media', async () => {
    const { photoKey } = (await getItem(tableName('members'), { id: user.sub }))! as { photoKey: string };
    const removed = await api('/api/profile/me/photo', json(user.idToken, 'DELETE'));
    expect(removed.status).toBe(200);
    expect(((await removed.json()) as { profile: { photoUrl: string | null } }).profile.photoUrl).toBeNull();
    expect((await getItem(tableName('members'), { id: user.sub }))!.photoKey).toBeUndefined();
    expect((await api(`/media/${photoKey}`)).status).toBe(404);
  });
});
