import { get as httpGet, type IncomingMessage } from 'node:http';
import { get as httpsGet } from 'node:https';
import { Transform } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import type { ArtifactKind } from '@mentoring/shared';
import { getArtifact, saveArtifact, splitCid, type ArtifactRecord } from './repository';
import { bucketName, s3Client } from '../lib/s3';
import { logger } from '../lib/powertools';
import { artifactExpiresAt } from './retention';

/** S3's smallest part; with QUEUE_SIZE parts in flight, memory stays near 10 MB whatever the file's size. */
const PART_SIZE = 5 * 1024 * 1024;
const QUEUE_SIZE = 2;

const contentTypes: Record<string, string> = {
  mp4: 'video/mp4',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  mp3: 'audio/mpeg',
  jsonl: 'application/x-ndjson',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt; charset=utf-8',
  srt: 'application/x-subrip',
};

const contentTypeOf = (filename: string) => contentTypes[filename.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';

/**
 * A plain Node stream of the response: lighter than fetch's web stream (no second buffer layer), which keeps
 * the consumer's memory flat on large recordings.
 */
const download = (url: string) =>
  new Promise<IncomingMessage>((resolve, reject) => {
    const get = new URL(url).protocol === 'https:' ? httpsGet : httpGet;
    get(url, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`Downloading ${url.split('?')[0]} failed: HTTP ${response.statusCode}`));
        return;
      }
      resolve(response);
    }).on('error', reject);
  });

/** Keys stay readable and safe whatever Stream names the file. */
const safeName = (name: string) => name.replace(/[^\w.-]+/g, '_');

export interface ArtifactFile {
  cid: string;
  kind: ArtifactKind;
  /** Stream's call session the file was made in (one call has a call session each time people meet in it). */
  callSessionId: string;
  filename: string;
  url: string;
  startTime: string | null;
  endTime: string | null;
}

export const archiveKey = ({ cid, kind, callSessionId, filename }: Pick<ArtifactFile, 'cid' | 'kind' | 'callSessionId' | 'filename'>) => {
  const { type, id } = splitCid(cid);
  return `calls/${safeName(type)}/${safeName(id)}/${safeName(callSessionId)}/${kind}s/${safeName(filename)}`;
};

/**
 * Copies one file from Stream's (expiring) URL into the archive bucket as a multipart upload fed by the
 * download stream, then records it. Already archived: nothing happens, so redeliveries and replays are free.
 */
export const archiveArtifact = async (file: ArtifactFile): Promise<{ archived: boolean; record: ArtifactRecord }> => {
  const existing = await getArtifact(file.cid, file.kind, file.callSessionId, file.filename);
  if (existing) return { archived: false, record: existing };

  const response = await download(file.url);
  const expected = Number(response.headers['content-length'] ?? Number.NaN);
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      callback(null, chunk);
    },
  });
  response.on('error', (error) => counter.destroy(error));
  const body = response.pipe(counter);
  const key = archiveKey(file);
  const contentType = contentTypeOf(file.filename);
  await new Upload({
    client: s3Client,
    params: { Bucket: bucketName('archive'), Key: key, Body: body, ContentType: contentType },
    partSize: PART_SIZE,
    queueSize: QUEUE_SIZE,
    leavePartsOnError: false,
  }).done();
  // A truncated download must not be recorded as the archived file.
  if (Number.isFinite(expected) && expected !== size) throw new Error(`Downloading ${file.filename} stopped after ${size} of ${expected} bytes`);

  const record: ArtifactRecord = {
    cid: file.cid,
    kind: file.kind,
    sessionId: file.callSessionId,
    filename: file.filename,
    key,
    startTime: file.startTime,
    endTime: file.endTime,
    size,
    contentType,
    archivedAt: new Date().toISOString(),
  };
  const saved = await saveArtifact(record, artifactExpiresAt(record.archivedAt));
  logger.info('Archived a call artifact', { cid: file.cid, kind: file.kind, key, size, saved });
  return { archived: saved, record };
};
