import { gunzipSync, gzipSync } from 'node:zlib';
import { GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import {
  ATTENTION_PAGE_DEFAULT,
  DASHBOARD_REFRESH_COOLDOWN_SECONDS,
  DASHBOARD_SNAPSHOT_KEY,
  dashboardSnapshotSchema,
  type Dashboard,
  type DashboardSnapshot,
} from '@mentoring/shared';
import { conflict, DomainError } from '../lib/domain-error';
import { logger } from '../lib/powertools';
import { bucketName, s3Client } from '../lib/s3';
import { computeDashboard } from './dashboard';

/**
 * The dashboard as stored: one gzipped JSON object in the private archive bucket. One object, because the API
 * answers from one read and a snapshot is replaced whole (a reader never sees half of one); S3, because the
 * attention list runs to thousands of rows at 20,000 members, past DynamoDB's 400 KB item. Each container keeps
 * the last snapshot it read with its ETag and asks S3 only whether it changed.
 */

let cached: { etag: string; snapshot: DashboardSnapshot } | undefined;
let computing: Promise<DashboardSnapshot> | undefined;

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

/** Computes the dashboard for `now` and stores it as the snapshot the API answers from. */
export const storeSnapshot = async (now: Date): Promise<DashboardSnapshot> => {
  const snapshot = await computeDashboard(now);
  const stored = await s3Client.send(
    new PutObjectCommand({
      Bucket: bucketName('archive'),
      Key: DASHBOARD_SNAPSHOT_KEY,
      Body: gzipSync(JSON.stringify(snapshot)),
      ContentType: 'application/json',
      // Not ContentEncoding: the object is read by this code only, which unzips it itself.
      Metadata: { 'generated-at': snapshot.generatedAt },
    }),
  );
  if (stored.ETag) cached = { etag: stored.ETag, snapshot };
  return snapshot;
};

/** The stored snapshot, or null before the first one. */
export const readSnapshot = async (): Promise<DashboardSnapshot | null> => {
  let object;
  try {
    object = await s3Client.send(new GetObjectCommand({ Bucket: bucketName('archive'), Key: DASHBOARD_SNAPSHOT_KEY, IfNoneMatch: cached?.etag }));
  } catch (error) {
    if (cached && statusOf(error) === 304) return cached.snapshot;
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey' || statusOf(error) === 404) return null;
    throw error;
  }
  const bytes = await object.Body!.transformToByteArray();
  const snapshot = dashboardSnapshotSchema.parse(JSON.parse(gunzipSync(bytes).toString('utf8')));
  cached = object.ETag ? { etag: object.ETag, snapshot } : undefined;
  return snapshot;
};

/** The snapshot; on a fresh stage, before any, computed once and stored (concurrent loads in a container share that). */
export const currentSnapshot = async (now = new Date()): Promise<DashboardSnapshot> => {
  const stored = await readSnapshot();
  if (stored) return stored;
  logger.info('No dashboard snapshot yet: computing the first');
  computing ??= storeSnapshot(now).finally(() => {
    computing = undefined;
  });
  return computing;
};

const cooldownMs = () => {
  const seconds = Number(process.env.DASHBOARD_REFRESH_COOLDOWN_SECONDS ?? DASHBOARD_REFRESH_COOLDOWN_SECONDS);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : DASHBOARD_REFRESH_COOLDOWN_SECONDS * 1000;
};

/** A coordinator's "Refresh now" came too soon after the snapshot was made. */
export class RefreshTooSoon extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`The dashboard was updated moments ago: try again in ${retryAfterSeconds} s.`);
    this.name = 'RefreshTooSoon';
  }
}

/** "Refresh now": computes and stores a snapshot, unless the stored one is younger than the cooldown (30 s). */
export const refreshSnapshot = async (now = new Date()): Promise<DashboardSnapshot> => {
  const stored = await readSnapshot();
  if (stored) {
    const age = now.getTime() - Date.parse(stored.generatedAt);
    // A snapshot from a later time (the local stage's moved clock) does not hold a refresh back.
    if (age >= 0 && age < cooldownMs()) throw new RefreshTooSoon(Math.ceil((cooldownMs() - age) / 1000));
  }
  return storeSnapshot(now);
};

interface Cursor {
  /** The snapshot the page came from: a newer snapshot's rows are in another order. */
  at: string;
  offset: number;
}

const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

const decodeCursor = (cursor: string): Cursor => {
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<Cursor>;
    if (typeof value.at === 'string' && Number.isSafeInteger(value.offset) && value.offset! > 0) return value as Cursor;
  } catch {
    // Falls through to the refusal below.
  }
  throw new DomainError('validation_failed', 'The cursor is invalid: start again from the first page.');
};

export interface PageRequest {
  cursor?: string;
  limit?: number;
}

/**
 * One page of the snapshot's attention list, with every count whole. A cursor from an older snapshot is refused
 * (409, changed_meanwhile): its offsets do not fit the new list, and a client starts again from the first page.
 */
export const dashboardPage = (snapshot: DashboardSnapshot, { cursor, limit = ATTENTION_PAGE_DEFAULT }: PageRequest): Dashboard => {
  const from = cursor ? decodeCursor(cursor) : { at: snapshot.generatedAt, offset: 0 };
  if (from.at !== snapshot.generatedAt) throw conflict('changed_meanwhile', 'The dashboard was updated since this page: start again from the first page.');
  const end = from.offset + limit;
  return {
    ...snapshot,
    attention: snapshot.attention.slice(from.offset, end),
    attentionTotal: snapshot.attention.length,
    nextCursor: end < snapshot.attention.length ? encodeCursor({ at: snapshot.generatedAt, offset: end }) : null,
  };
};

