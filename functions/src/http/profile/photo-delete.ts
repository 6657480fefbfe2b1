import { profileRoutes, routeIn } from '@mentoring/shared';
import { publishAppEvent } from '../../lib/event-bus';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { allVariantKeys, deleteQuietly } from '../../photos';
import { logger } from '../../lib/powertools';
import { getMemberItem, setMemberPhoto, toOwnProfile, isCoordinator } from '../../members';

/** Removes the member's photo (a no-op when there is none): the key goes first, in one conditional write, then the files. */
export const handler = httpHandler(routeIn(profileRoutes, 'DELETE /api/profile/me/photo'), async ({ identity }) => {
  const member = await getMemberItem(identity.sub);
  if (!member?.photoKey) return toOwnProfile(member, { email: identity.email, isCoordinator: isCoordinator(identity) });
  const stored = await setMemberPhoto(identity.sub, null, member.photoKey);
  if (!stored) throw new HttpError('conflict', 'Your photo changed meanwhile. Try again.');
  await deleteQuietly(allVariantKeys(member.photoKey));
  try {
    await publishAppEvent('member.changed', { memberId: identity.sub, reason: 'photo' });
  } catch (error) {
    logger.error('member.changed was not published', { error: error as Error });
  }
  return toOwnProfile(stored, { email: identity.email, isCoordinator: isCoordinator(identity) });
});
