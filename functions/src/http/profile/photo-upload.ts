import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { MAX_PHOTO_BYTES, profileRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { newUploadKey } from '../../photos';
import { bucketName, s3Client } from '../../lib/s3';

/** Long enough to pick nothing and send a few megabytes on a slow line; short enough not to be shared around. */
export const UPLOAD_EXPIRES_SECONDS = 300;

/**
 * A presigned POST for one photo upload: S3 itself refuses a file larger than the limit or of another type than
 * declared, and the key is fresh and in the caller's own folder. Nothing is stored on the member until
 * PUT /api/profile/me/photo has checked what arrived.
 */
export const handler = httpHandler(routeIn(profileRoutes, 'POST /api/profile/me/photo'), async ({ identity, body }) => {
  const key = newUploadKey(identity.sub);
  const { url, fields } = await createPresignedPost(s3Client, {
    Bucket: bucketName('media'),
    Key: key,
    Conditions: [
      ['content-length-range', 1, MAX_PHOTO_BYTES],
      ['eq', '$Content-Type', body.contentType],
    ],
    Fields: { 'Content-Type': body.contentType },
    Expires: UPLOAD_EXPIRES_SECONDS,
  });
  return { url, fields, key, expiresAt: new Date(Date.now() + UPLOAD_EXPIRES_SECONDS * 1000).toISOString() };
});
