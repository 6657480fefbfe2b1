import { profileRoutes, routeIn } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { publishAfterWrite } from '../../lib/notify';
import { checkProfileAgainstProgramme, getMember, saveProfile, StaleMemberError, type ProfileFields, toOwnProfile, isCoordinator } from '../../members';
import { getProgramme } from '../../programme';

/**
 * Creates (onboarding) or replaces the member's own profile. There is no way to name another member: the
 * profile written is always the caller's (the token's subject). The role is chosen once.
 */
export const handler = httpHandler(routeIn(profileRoutes, 'PUT /api/profile/me'), async ({ body, identity }) => {
  const [programme, previous] = await Promise.all([getProgramme(), getMember(identity.sub)]);
  const topics = checkProfileAgainstProgramme(body, programme);
  if (previous && previous.role !== body.role) {
    throw new HttpError('conflict', `You joined as a ${previous.role}; the role cannot be changed.`);
  }
  const fields: ProfileFields =
    body.role === 'mentor'
      ? { ...body, topics, city: body.format === 'online' ? null : (body.city ?? null) }
      : { ...body, topics };
  let saved;
  try {
    saved = await saveProfile({ id: identity.sub, email: identity.email, now: new Date().toISOString() }, fields, previous);
  } catch (error) {
    if (error instanceof StaleMemberError) throw new HttpError('conflict', 'Your profile was changed meanwhile (another tab, or a decision on it). Reload it and try again.');
    throw error;
  }
  await publishAfterWrite('member.changed', { memberId: identity.sub, reason: previous ? 'profile' : 'role' });
  return toOwnProfile(saved, { email: identity.email, isCoordinator: isCoordinator(identity) });
});
