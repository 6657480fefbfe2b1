import { gunzipSync, gzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetObjectCommand, PutObjectCommand, S3Client, type PutObjectCommandInput } from '@aws-sdk/client-s3';
import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DASHBOARD_SNAPSHOT_KEY } from '@mentoring/shared';
import { call, coordinatorClaims } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler as getDashboard } from './dashboard';
import { handler as refreshDashboard } from './dashboard-refresh';

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const s3 = mockClient(S3Client);
Object.assign(process.env, { ARCHIVE_BUCKET: 'archive-test', MENTORSHIPS_TABLE: 'mentorships-test', GROUP_SESSIONS_TABLE: 'group-sessions-test', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
const identity = useTestIdentity({ beforeAll, afterAll });

/** The archive bucket as S3 keeps it: one object per key with its ETag; a GET with the current ETag answers 304. */
let objects: Map<string, { body: Uint8Array; etag: string }>;
let etags = 0;
const s3Error = (name: string, status: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
const stored = () => JSON.parse(gunzipSync(objects.get(DASHBOARD_SNAPSHOT_KEY)!.body).toString('utf8')) as { generatedAt: string; attention: unknown[] };

/** Seven open reports need attention: seven rows, all of one kind. */
const REPORTS = Array.from({ length: 7 }, (_, index) => ({ pk: `REPORT#r${index}`, id: `r${index}`, createdAt: `2026-06-0${index + 1}T10:00:00.000Z`, category: 'spam' }));

const get = (query?: Record<string, string>, claims: Record<string, unknown> = coordinatorClaims()) =>
  call(getDashboard, { method: 'GET', path: '/api/coordinator/dashboard', query, headers: identity.bearer(claims) });
const refresh = (claims: Record<string, unknown> = coordinatorClaims()) =>
  call(refreshDashboard, { method: 'POST', path: '/api/coordinator/dashboard/refresh', headers: identity.bearer(claims) });

const storeSnapshotAged = (seconds: number, attention: unknown[] = []) => {
  const generatedAt = new Date(Date.now() - seconds * 1000).toISOString();
  const body = {
    generatedAt,
    attention,
    attentionCounts: { open_report: attention.length, request_unanswered: 0, quiet_pair: 0, not_a_fit: 0, pending_application: 0 },
    funnel: { steps: [], medianSignUpToMatchMs: null, matchedWithTimes: 0 },
    mentorshipsByState: {},
    membersByRole: { mentor: 0, mentee: 0 },
    readCapacityUnits: 1,
  };
  etags += 1;
  objects.set(DASHBOARD_SNAPSHOT_KEY, { body: new Uint8Array(gzipSync(JSON.stringify(body))), etag: `"e${etags}"` });
  return generatedAt;
};

describe('the coordinator dashboard from its stored snapshot', () => {
  beforeEach(() => {
    dynamo.reset();
    s3.reset();
    objects = new Map();
    dynamo.on(GetCommand).resolves({});
    dynamo.on(QueryCommand).callsFake((input: { IndexName?: string }) => ({
      Items: input.IndexName === 'byStatus' ? REPORTS : [],
      ConsumedCapacity: { CapacityUnits: 0.5 },
    }));
    s3.on(PutObjectCommand).callsFake((input: PutObjectCommandInput) => {
      etags += 1;
      objects.set(input.Key!, { body: new Uint8Array(input.Body as Buffer), etag: `"e${etags}"` });
      return { ETag: `"e${etags}"` };
    });
    s3.on(GetObjectCommand).callsFake((input: { Key: string; IfNoneMatch?: string }) => {
      const object = objects.get(input.Key);
      if (!object) throw s3Error('NoSuchKey', 404);
      if (input.IfNoneMatch === object.etag) throw s3Error('NotModified', 304);
      return { ETag: object.etag, Body: { transformToByteArray: async () => object.body } };
    });
  });

  it('computes and stores the first snapshot on a fresh stage, then answers from it with one read and no table reads', async () => {
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ attentionTotal: 7, nextCursor: null, attentionCounts: { open_report: 7 } });
    expect(stored().generatedAt).toBe(first.body.generatedAt);
    expect(stored().attention).toHaveLength(7);
    const reads = dynamo.commandCalls(QueryCommand).length;
    expect(reads).toBeGreaterThan(0);

    const again = await get();
    expect(again.body).toEqual(first.body);
    // The container's copy is still current: S3 was only asked whether it changed, the tables not at all.
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(reads);
    expect(s3.commandCalls(GetObjectCommand).at(-1)!.args[0].input.IfNoneMatch).toBe(objects.get(DASHBOARD_SNAPSHOT_KEY)!.etag);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(1);
  });

  it('answers a snapshot another container stored, reading it whole once', async () => {
    const generatedAt = storeSnapshotAged(120, [{ key: 'open_report:x', kind: 'open_report', level: 'high', title: 'Open report', since: '2026-06-01T10:00:00.000Z', link: '/coordinator/reports/x' }]);
    const answer = await get();
    // Stored before group sessions were counted: it reads as none.
    expect(answer.body).toMatchObject({ generatedAt, attentionTotal: 1, attention: [{ key: 'open_report:x' }], groupSessions: { upcoming: [], past: [] } });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(0);
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);
  });

  it('pages the attention list with a cursor and a limit, every count whole on each page', async () => {
    const keys: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await get({ limit: '3', ...(cursor ? { cursor } : {}) });
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ attentionTotal: 7, attentionCounts: { open_report: 7 } });
      keys.push(...(page.body.attention as { key: string }[]).map((item) => item.key));
      cursor = (page.body.nextCursor as string | null) ?? undefined;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(keys).toEqual(stored().attention.map((item) => (item as { key: string }).key));
    expect(new Set(keys).size).toBe(7);
  });

  it('refuses a cursor of an older snapshot with 409 (start again), a bad cursor or limit with 400, members with 403', async () => {
    const page = await get({ limit: '2' });
    storeSnapshotAged(0);
    const stale = await get({ cursor: page.body.nextCursor as string });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'conflict', reason: 'changed_meanwhile' });

    for (const query of <Record<string, string>[]>[{ cursor: 'not-a-cursor' }, { cursor: Buffer.from('{"at":"x","offset":-1}').toString('base64url') }, { limit: '0' }, { limit: '501' }, { limit: 'ten' }]) {
      const refused = await get(query);
      expect(refused.status, JSON.stringify(query)).toBe(400);
      expect(refused.body.error).toMatchObject({ code: 'validation_failed', message: expect.any(String) });
    }
    s3.resetHistory();
    for (const claims of [{ sub: 'mentee-1' }, { sub: 'mentor-1' }]) {
      expect((await get({}, claims)).status).toBe(403);
      expect((await refresh(claims)).status).toBe(403);
    }
    expect(s3.calls()).toHaveLength(0);
  });

  it('refreshes on demand, but not twice within 30 s (429 in the documented shape)', async () => {
    storeSnapshotAged(10);
    const early = await refresh();
    expect(early.status).toBe(429);
    expect(early.body).toEqual({ error: { code: 'too_many_requests', message: expect.stringMatching(/try again in 2\d s/) } });
    expect(s3.commandCalls(PutObjectCommand)).toHaveLength(0);

    const before = storeSnapshotAged(40);
    const done = await refresh();
    expect(done.status).toBe(200);
    expect(Date.parse(done.body.generatedAt as string)).toBeGreaterThan(Date.parse(before));
    expect(done.body).toMatchObject({ attentionTotal: 7, attentionCounts: { open_report: 7 } });
    expect(stored().generatedAt).toBe(done.body.generatedAt);
    // The GET answers the refreshed snapshot.
    expect((await get()).body.generatedAt).toBe(done.body.generatedAt);
    expect((await refresh()).status).toBe(429);
  });
});
