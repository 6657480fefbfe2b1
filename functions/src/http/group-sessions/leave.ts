import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { leave } from '../../group-sessions';

/** Gives up a place or a place in line; the first waiting moves up (idempotent). */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'POST /api/group-sessions/{id}/leave'), async ({ params, identity }) => leave(identity, params.id));
