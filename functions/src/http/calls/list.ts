import { callsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { listCallsOf } from '../../calls';

/** The signed-in member's calls, newest first, for the sessions page. */
export const handler = httpHandler(routeIn(callsRoutes, 'GET /api/calls'), async ({ identity }) => ({ calls: await listCallsOf(identity.sub) }));
