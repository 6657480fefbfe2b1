import { createHash, randomUUID } from 'node:crypto';
import { PHOTO_SIZES, photoVariantKey, type PhotoSize } from '@mentoring/shared';

export const UPLOAD_PREFIX = 'uploads/';
export const PHOTO_PREFIX = 'photos/';

/** The member's folder in the media bucket: the Cognito sub (a UUID), or a hash of it if it holds other characters. */
export const memberFolder = (sub: string) =>
  /^[A-Za-z0-9-]{1,128}$/.test(sub) ? sub : createHash('sha256').update(sub).digest('hex').slice(0, 40);

/** A fresh key the member may upload one file to. */
export const newUploadKey = (sub: string) => `${UPLOAD_PREFIX}${memberFolder(sub)}/${randomUUID()}`;

/** Whether the key names an upload of this member (and nothing else: no other folder, no path tricks). */
export const isOwnUploadKey = (sub: string, key: string) =>
  new RegExp(`^${UPLOAD_PREFIX}${memberFolder(sub)}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`).test(key);

/** The stored copies of one photo; the member item keeps the first (400 px) as `photoKey`. */
export const photoKeys = (sub: string, hash: string): Record<PhotoSize, string> =>
  Object.fromEntries(PHOTO_SIZES.map((size) => [size, `${PHOTO_PREFIX}${memberFolder(sub)}/${hash}-${size}.webp`])) as Record<PhotoSize, string>;

/** Every stored copy of the photo whose 400 px key the member item holds. */
export const allVariantKeys = (photoKey: string) => PHOTO_SIZES.map((size) => photoVariantKey(photoKey, size));
