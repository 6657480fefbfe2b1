import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getMember } from '../../members';
import { putBlock } from '../../safeguarding/blocks';
import { closeAllFor, liveMentorshipsBetween } from '../../lifecycle';

/**
 * POST /api/members/{id}/block: the block and its mirror in one transaction; then every live mentorship
 * between the two closes through the mentorship service (an active one ends, its channel freezes through
 * the bus). From then on no request or proposal between them commits, and the directory hides each from
 * the other. Blocking again changes nothing.
 */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'POST /api/members/{id}/block'), async ({ params, identity }) => {
  if (params.id === identity.sub) throw new HttpError('validation_failed', 'You cannot block yourself.');
  if (!(await getMember(params.id, { consistent: false }))) throw new HttpError('not_found', 'There is no such member.');
  await putBlock(identity.sub, params.id, new Date().toISOString());
  // Also after a repeated block: a request that slipped in before the first one committed closes now.
  const endedMentorshipIds = await closeAllFor(await liveMentorshipsBetween(identity.sub, params.id), identity.sub);
  return { blocked: true, endedMentorshipIds };
});
