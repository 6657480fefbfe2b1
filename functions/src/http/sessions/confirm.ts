import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { confirm } from '../../sessions';

/** The member who did not propose picks one of the proposed times. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'POST /api/sessions/{id}/confirm'), async ({ params, body, identity }) => confirm(params.id, identity.sub, body.startsAt));
