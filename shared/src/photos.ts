/**
 * Members' photos: the API stores each as square WebP copies under photos/<member>/<hash>-<size>.webp and keeps
 * the largest one's key on the member (`photoKey`). Browsers load them from /media/<key> (CloudFront in AWS, the
 * local stage's server locally).
 */
export const PHOTO_SIZES = [400, 96] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];

/** The key of one size of a stored photo, from the key kept on the member (the 400 px one). */
export const photoVariantKey = (photoKey: string, size: PhotoSize) => photoKey.replace(/-\d+\.webp$/, `-${size}.webp`);

/** The site-relative URL of a photo (views' `photoUrl`); 96 px for avatars, 400 px for profiles. */
export const photoUrl = (photoKey: string | null | undefined, size: PhotoSize = 400) =>
  photoKey ? `/media/${photoVariantKey(photoKey, size)}` : null;
