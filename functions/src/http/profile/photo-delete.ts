import { profileRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { isCoordinator, toOwnProfile } from '../../members';
import { removePhoto } from '../../photos';

/** Removes the member's photo (the rules: photos/member-photo.ts). */
export const handler = httpHandler(routeIn(profileRoutes, 'DELETE /api/profile/me/photo'), async ({ identity }) => {
  const stored = await removePhoto(identity.sub);
  return toOwnProfile(stored, { email: identity.email, isCoordinator: isCoordinator(identity) });
});
