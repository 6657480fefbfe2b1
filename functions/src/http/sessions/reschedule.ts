import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { reschedule } from '../../sessions';

/** Moves a scheduled session (the same rules as booking), with a reason for the other member. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'POST /api/sessions/{id}/reschedule'), async ({ params, body, identity }) => reschedule(params.id, identity.sub, body));
