import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { eventEntrySize, MAX_EVENT_ENTRY_BYTES, STORED_EVENT_PREFIX, STREAM_EVENT_SOURCE } from '@mentoring/shared';
import * as z from 'zod';
import { bucketName, s3Client } from '../s3';

/** What the bus carries in place of a Stream event too large for it (shared/src/event-rules.ts). */
const storedDetailSchema = z.object({
  type: z.string(),
  storedDetail: z.object({ key: z.string().startsWith(STORED_EVENT_PREFIX).regex(/^[\w/.-]+$/), bytes: z.number().int() }),
});

/**
 * The Detail to publish for a Stream event: the event itself when the whole entry fits EventBridge's
 * 256 KB, otherwise a reference to a copy stored in the archive bucket under its digest (so a retry of the
 * same bytes writes the same object).
 */
export const busDetail = async (type: string, detail: string, digest: string) => {
  if (eventEntrySize({ Source: STREAM_EVENT_SOURCE, DetailType: type, Detail: detail }) <= MAX_EVENT_ENTRY_BYTES) return detail;
  const key = `${STORED_EVENT_PREFIX}${digest}.json`;
  await s3Client.send(new PutObjectCommand({ Bucket: bucketName('archive'), Key: key, Body: detail, ContentType: 'application/json' }));
  return JSON.stringify({ type, storedDetail: { key, bytes: Buffer.byteLength(detail) } });
};

/** The event a consumer reads: the bus's detail, or the stored event it points at. */
export const resolveDetail = async (detail: unknown): Promise<unknown> => {
  const reference = storedDetailSchema.safeParse(detail);
  if (!reference.success) return detail;
  const object = await s3Client.send(new GetObjectCommand({ Bucket: bucketName('archive'), Key: reference.data.storedDetail.key }));
  const text = await object.Body!.transformToString('utf8');
  return JSON.parse(text) as unknown;
};
