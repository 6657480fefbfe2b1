import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { PHOTO_SIZES, type PhotoSize } from '@mentoring/shared';

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** The smallest side a photo may have: smaller ones look like mush at 96 px already. */
export const MIN_PHOTO_SIDE = 64;
/** Larger images are refused before decoding, so a small file cannot inflate into gigabytes of pixels. */
export const MAX_PHOTO_SIDE = 10_000;
export const MAX_PHOTO_PIXELS = 40_000_000;

/** What the file's first bytes say it is, whatever the browser declared. */
export const sniffImageType = (bytes: Uint8Array): ImageType | null => {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
};

const SHARP_FORMATS: Record<ImageType, string> = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' };

export class PhotoRejectedError extends Error {
  constructor(
    readonly reason: 'not_an_image' | 'bad_dimensions',
    message: string,
  ) {
    super(message);
    this.name = 'PhotoRejectedError';
  }
}

export interface ProcessedPhoto {
  type: ImageType;
  width: number;
  height: number;
  /** A hash of the decoded upload: the stored keys change whenever the picture does, so caches never go stale. */
  hash: string;
  variants: { size: PhotoSize; body: Buffer }[];
}

/**
 * Checks that the bytes are a JPEG, PNG or WebP image of sane dimensions and makes the square WebP copies
 * (centre crop, EXIF orientation applied, metadata such as GPS position stripped).
 */
export const processPhoto = async (bytes: Buffer): Promise<ProcessedPhoto> => {
  const type = sniffImageType(bytes);
  if (!type) throw new PhotoRejectedError('not_an_image', 'The file is not a JPEG, PNG or WebP image.');
  const input = () => sharp(bytes, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: 'error', animated: false });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch {
    throw new PhotoRejectedError('not_an_image', 'The file is not a readable image.');
  }
  if (metadata.format !== SHARP_FORMATS[type]) throw new PhotoRejectedError('not_an_image', 'The file is not a readable image.');
  const { width = 0, height = 0 } = metadata;
  if (width < MIN_PHOTO_SIDE || height < MIN_PHOTO_SIDE) {
    throw new PhotoRejectedError('bad_dimensions', `The photo must be at least ${MIN_PHOTO_SIDE}×${MIN_PHOTO_SIDE} pixels.`);
  }
  if (width > MAX_PHOTO_SIDE || height > MAX_PHOTO_SIDE || width * height > MAX_PHOTO_PIXELS) {
    throw new PhotoRejectedError('bad_dimensions', `The photo must be at most ${MAX_PHOTO_SIDE} pixels on a side.`);
  }
  try {
    const variants = await Promise.all(
      PHOTO_SIZES.map(async (size) => ({
        size,
        body: await input().rotate().resize(size, size, { fit: 'cover', position: 'attention' }).webp({ quality: 82 }).toBuffer(),
      })),
    );
    return { type, width, height, hash: createHash('sha256').update(bytes).digest('hex').slice(0, 32), variants };
  } catch {
    // A header that parses over a body that does not (a truncated or forged file).
    throw new PhotoRejectedError('not_an_image', 'The file is not a readable image.');
  }
};
