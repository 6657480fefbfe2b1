import { profileRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { getMember, touchLastActive, toOwnProfile, isCoordinator } from '../../members';

export const handler = httpHandler(routeIn(profileRoutes, 'GET /api/profile/me'), async ({ identity }) => {
  const now = new Date();
  const member = await getMember(identity.sub);
  // Opening the app is what "last active" means; written at most once an hour (a conditional write).
  if (member && (await touchLastActive(identity.sub, now))) member.lastActiveAt = now.toISOString();
  return toOwnProfile(member, { email: identity.email, isCoordinator: isCoordinator(identity) });
});
