import { profileRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { isCoordinator, toOwnProfile } from '../../members';
import { setPhotoFromUpload } from '../../photos';

/** Takes a photo the member uploaded with a presigned POST (the rules: photos/member-photo.ts). */
export const handler = httpHandler(routeIn(profileRoutes, 'PUT /api/profile/me/photo'), async ({ identity, body }) => {
  const stored = await setPhotoFromUpload(identity.sub, body.key);
  return toOwnProfile(stored, { email: identity.email, isCoordinator: isCoordinator(identity) });
});
