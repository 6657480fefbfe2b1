import { type ActionItem, routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { newRecordId } from '../../lib/http/idempotency';
import { createActionItem, assertItemFields, assertItemsMayChange } from '../../sessions';
import { mentorshipForMember } from '../../mentorships';

export const handler = httpHandler(routeIn(sessionsRoutes, 'POST /api/mentorships/{id}/action-items'), async ({ params, body, identity, idempotencyScope }) => {
  const { mentorship } = await mentorshipForMember(params.id, identity);
  assertItemsMayChange(mentorship);
  assertItemFields(mentorship, body);
  const at = new Date().toISOString();
  const item: ActionItem = {
    id: newRecordId(idempotencyScope),
    mentorshipId: mentorship.id,
    text: body.text,
    ownerId: body.ownerId,
    dueOn: body.dueOn ?? null,
    done: false,
    sessionId: body.sessionId ?? null,
    createdAt: at,
    updatedAt: at,
    version: 1,
  };
  await createActionItem(item);
  return item;
});
