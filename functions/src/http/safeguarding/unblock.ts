import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { deleteBlock } from '../../safeguarding/blocks';

/** DELETE /api/members/{id}/block: lifts the caller's own block (never the other's); mentorships it ended stay ended. */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'DELETE /api/members/{id}/block'), async ({ params, identity }) => {
  if (!(await deleteBlock(identity.sub, params.id))) throw new HttpError('not_found', 'You have not blocked this member.');
  return { blocked: false, endedMentorshipIds: [] };
});
