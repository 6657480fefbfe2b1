import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { getGroupSession } from '../../group-sessions';

/** One group session, for a member who may see it. */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'GET /api/group-sessions/{id}'), async ({ params, identity }) => getGroupSession(identity, params.id));
