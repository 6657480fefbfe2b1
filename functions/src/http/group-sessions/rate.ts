import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { rateGroupSession } from '../../group-sessions';

/** A participant rates the session once it took place; the host and coordinators read the ratings. */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'PUT /api/group-sessions/{id}/rating'), async ({ params, body, identity }) => rateGroupSession(identity, params.id, body));
