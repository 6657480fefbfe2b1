import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { joinGroupSession } from '../../group-sessions';

/** The call of the session, for those with a place or a part on stage. */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'POST /api/group-sessions/{id}/join'), async ({ params, identity }) => joinGroupSession(identity, params.id));
