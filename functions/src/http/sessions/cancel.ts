import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { cancel } from '../../sessions';

/** Calls off a scheduled or proposed session, with a reason; its time and reminders are freed. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'POST /api/sessions/{id}/cancel'), async ({ params, body, identity }) => cancel(params.id, identity.sub, body.reason));
