import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { listGroupSessions } from '../../group-sessions';

/** Upcoming and live group sessions the member may see, filtered, each with the member's place. */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'GET /api/group-sessions'), async ({ query, identity }) => ({ groupSessions: await listGroupSessions(identity, query) }));
