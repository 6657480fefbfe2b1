import { profileRoutes, routeIn } from '@mentoring/shared';
import { publishAppEvent } from '../../lib/event-bus';
import { HttpError } from '../../lib/http/errors';
import { DomainError } from '../../lib/domain-error';
import { processPhoto, PhotoRejectedError, allVariantKeys, isOwnUploadKey, photoKeys, deleteQuietly, putPhoto, readUpload } from '../../photos';
import { logger } from '../../lib/powertools';
import { getMemberItem, setMemberPhoto, toOwnProfile, isCoordinator } from '../../members';
import { httpHandler } from '../../lib/http/handler';

/**
 * Takes a photo the member uploaded with a presigned POST: only their own upload, only if its bytes really are a
 * JPEG, PNG or WebP image of sane dimensions (whatever type the browser declared), resized to square WebP copies,
 * then set on the member with one conditional write. The upload is deleted whatever the outcome.
 */
export const handler = httpHandler(routeIn(profileRoutes, 'PUT /api/profile/me/photo'), async ({ identity, body }) => {
  if (!isOwnUploadKey(identity.sub, body.key)) throw new HttpError('forbidden', 'That upload is not yours.');
  const member = await getMemberItem(identity.sub);
  if (!member) throw new HttpError('conflict', 'Save your profile before adding a photo.');

  let photo;
  try {
    photo = await processPhoto(await readUpload(body.key));
  } catch (error) {
    // An upload that is not there (expired or used) has nothing to delete.
    if (!(error instanceof DomainError && error.code === 'not_found')) await deleteQuietly([body.key]);
    if (error instanceof PhotoRejectedError) {
      throw error.reason === 'not_an_image'
        ? new HttpError('unsupported_media_type', `${error.message} Choose a JPEG, PNG or WebP photo.`)
        : new HttpError('validation_failed', error.message);
    }
    throw error;
  }

  const keys = photoKeys(identity.sub, photo.hash);
  await Promise.all(photo.variants.map(({ size, body: bytes }) => putPhoto(keys[size], bytes)));
  const previous = member.photoKey ?? null;
  const stored = previous === keys[400] ? member : await setMemberPhoto(identity.sub, keys[400], previous);
  if (!stored) {
    // Another change of photo won the race; ours is dropped whole.
    await deleteQuietly([...Object.values(keys), body.key]);
    throw new HttpError('conflict', 'Your photo changed meanwhile. Try again.');
  }
  await deleteQuietly([body.key, ...(previous && previous !== keys[400] ? allVariantKeys(previous) : [])]);
  try {
    await publishAppEvent('member.changed', { memberId: identity.sub, reason: 'photo' });
  } catch (error) {
    // The photo is stored; only Stream's copy of it waits for the member's next change.
    logger.error('member.changed was not published', { error: error as Error });
  }
  return toOwnProfile(stored, { email: identity.email, isCoordinator: isCoordinator(identity) });
});
