import { COORDINATORS_GROUP, membershipRoutes, routeIn } from '@mentoring/shared';
import { addUserToGroup, findUserByEmail } from '../../lib/cognito';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { logger } from '../../lib/powertools';

/**
 * A coordinator makes an existing member a coordinator. The group reaches the member's ID token at their
 * next sign-in or token refresh (within the hour); until then the API still sees them as before.
 */
export const handler = httpHandler(routeIn(membershipRoutes, 'POST /api/coordinator/coordinators'), async ({ body, identity }) => {
  const user = await findUserByEmail(body.email);
  if (!user) throw new HttpError('not_found', `No member has the e-mail address ${body.email}. They must sign up first.`);
  await addUserToGroup(user.username, COORDINATORS_GROUP);
  logger.info('Coordinator added', { memberId: user.sub, by: identity.sub });
  return { id: user.sub, email: user.email };
});
