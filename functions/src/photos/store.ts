import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand } from '@aws-sdk/client-s3';
import { MAX_PHOTO_BYTES } from '@mentoring/shared';
import { DomainError } from '../lib/domain-error';
import { logger } from '../lib/powertools';
import { bucketName, s3Client } from '../lib/s3';

const tooLarge = () => new DomainError('payload_too_large', `A photo may be at most ${MAX_PHOTO_BYTES / (1024 * 1024)} MB.`);

/**
 * Lets go of a GetObject body whatever state it is in. An unread body keeps its socket (and S3's side of it)
 * open; cancelling the web stream made from it does not close the socket, destroying the Node stream does.
 */
const release = (body: unknown) => {
  if (body && typeof (body as Readable).destroy === 'function') (body as Readable).destroy();
  else if (body instanceof ReadableStream) body.cancel().catch(() => undefined);
};

/** Reads an upload whole, refusing it unread when S3 says it is larger than a photo may be. */
export const readUpload = async (key: string): Promise<Buffer> => {
  let object;
  try {
    object = await s3Client.send(new GetObjectCommand({ Bucket: bucketName('media'), Key: key }));
  } catch (error) {
    if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') {
      throw new DomainError('not_found', 'No upload under that key: it expired or was already used. Upload the photo again.');
    }
    throw error;
  }
  try {
    if ((object.ContentLength ?? 0) > MAX_PHOTO_BYTES) throw tooLarge();
    const bytes = Buffer.from(await object.Body!.transformToByteArray());
    // Also when S3 did not say its size.
    if (bytes.length > MAX_PHOTO_BYTES) throw tooLarge();
    return bytes;
  } finally {
    release(object.Body);
  }
};

/** Resized photos never change under their key (it holds a hash of the picture), so browsers and CloudFront keep them. */
export const putPhoto = (key: string, body: Buffer) =>
  s3Client.send(
    new PutObjectCommand({
      Bucket: bucketName('media'),
      Key: key,
      Body: body,
      ContentType: 'image/webp',
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );

/** Deletes objects that are no longer needed; a failure only leaves garbage behind, so it is logged, not thrown. */
export const deleteQuietly = async (keys: readonly string[]) => {
  // One DeleteObject each (there are two or three): the grant is s3:DeleteObject either way, and every S3 stand-in speaks it.
  const results = await Promise.allSettled(keys.map((Key) => s3Client.send(new DeleteObjectCommand({ Bucket: bucketName('media'), Key }))));
  results.forEach((result, index) => {
    if (result.status === 'rejected') logger.warn('A media object was not deleted', { key: keys[index], error: result.reason as Error });
  });
};
