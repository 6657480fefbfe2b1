import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getActionItem, updateActionItem, assertItemFields, assertItemsMayChange } from '../../sessions';
import { mentorshipForMember } from '../../mentorships';

/** Edit or tick off: conditional on the version the member read. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'PATCH /api/mentorships/{id}/action-items/{itemId}'), async ({ params, body, identity }) => {
  const { mentorship } = await mentorshipForMember(params.id, identity);
  assertItemsMayChange(mentorship);
  assertItemFields(mentorship, body);
  const { version, ...changes } = body;
  const updated = await updateActionItem(mentorship.id, params.itemId, version, changes, new Date().toISOString());
  if (updated) return updated;
  if (!(await getActionItem(mentorship.id, params.itemId))) throw new HttpError('not_found', 'There is no such action item.');
  throw new HttpError('conflict', 'Someone else changed this action item since you read it. Reload it and try again.');
});
