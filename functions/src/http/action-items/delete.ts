import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { deleteActionItem, getActionItem, assertItemsMayChange } from '../../sessions';
import { mentorshipForMember } from '../../mentorships';

export const handler = httpHandler(routeIn(sessionsRoutes, 'DELETE /api/mentorships/{id}/action-items/{itemId}'), async ({ params, query, identity }) => {
  const { mentorship } = await mentorshipForMember(params.id, identity);
  assertItemsMayChange(mentorship);
  if (await deleteActionItem(mentorship.id, params.itemId, query.version)) return { deleted: true as const };
  if (!(await getActionItem(mentorship.id, params.itemId))) throw new HttpError('not_found', 'There is no such action item.');
  throw new HttpError('conflict', 'Someone else changed this action item since you read it. Reload it and try again.');
});
