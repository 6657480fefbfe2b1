import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { cancelGroupSession } from '../../group-sessions';

/** The host or a coordinator calls the session off; everyone on it is told. */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'POST /api/group-sessions/{id}/cancel'), async ({ params, body, identity }) => cancelGroupSession(identity, params.id, body.reason));
