/**
 * A member's profile photo: set from their own upload, or removed. The photo's rules live here (only their own
 * upload, only if its bytes really are a JPEG, PNG or WebP image of sane dimensions whatever type the browser
 * declared, resized to square WebP copies, set on the member with one conditional write); the member item's
 * `photoKey` is written by the members module, asked through its face.
 */
import { DomainError } from '../lib/domain-error';
import { publishAppEvent } from '../lib/event-bus';
import { logger } from '../lib/powertools';
import { getMemberItem, setMemberPhoto, type MemberItem } from '../members';
import { PhotoRejectedError, processPhoto } from './image';
import { allVariantKeys, isOwnUploadKey, photoKeys } from './keys';
import { deleteQuietly, putPhoto, readUpload } from './store';

const raced = () => new DomainError('conflict', 'Your photo changed meanwhile. Try again.');

const announce = async (memberId: string) => {
  try {
    await publishAppEvent('member.changed', { memberId, reason: 'photo' });
  } catch (error) {
    // The photo is stored; only Stream's copy of it waits for the member's next change.
    logger.error('member.changed was not published', { error: error as Error });
  }
};

/** Takes the member's upload as their photo; the upload is deleted whatever the outcome. Answers the stored member. */
export const setPhotoFromUpload = async (memberId: string, uploadKey: string): Promise<MemberItem> => {
  if (!isOwnUploadKey(memberId, uploadKey)) throw new DomainError('forbidden', 'That upload is not yours.');
  const member = await getMemberItem(memberId);
  if (!member) throw new DomainError('conflict', 'Save your profile before adding a photo.');

  let photo;
  try {
    photo = await processPhoto(await readUpload(uploadKey));
  } catch (error) {
    // An upload that is not there (expired or used) has nothing to delete.
    if (!(error instanceof DomainError && error.code === 'not_found')) await deleteQuietly([uploadKey]);
    if (error instanceof PhotoRejectedError) {
      throw error.reason === 'not_an_image'
        ? new DomainError('unsupported_media_type', `${error.message} Choose a JPEG, PNG or WebP photo.`)
        : new DomainError('validation_failed', error.message);
    }
    throw error;
  }

  const keys = photoKeys(memberId, photo.hash);
  await Promise.all(photo.variants.map(({ size, body }) => putPhoto(keys[size], body)));
  const previous = member.photoKey ?? null;
  const stored = previous === keys[400] ? member : await setMemberPhoto(memberId, keys[400], previous);
  if (!stored) {
    // Another change of photo won the race; ours is dropped whole.
    await deleteQuietly([...Object.values(keys), uploadKey]);
    throw raced();
  }
  await deleteQuietly([uploadKey, ...(previous && previous !== keys[400] ? allVariantKeys(previous) : [])]);
  await announce(memberId);
  return stored;
};

/** Removes the member's photo (a no-op when there is none): the key goes first, in one conditional write, then the files. */
export const removePhoto = async (memberId: string): Promise<MemberItem | undefined> => {
  const member = await getMemberItem(memberId);
  if (!member?.photoKey) return member;
  const stored = await setMemberPhoto(memberId, null, member.photoKey);
  if (!stored) throw raced();
  await deleteQuietly(allVariantKeys(member.photoKey));
  await announce(memberId);
  return stored;
};
