import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { signUp } from '../../group-sessions';

/** Takes a place, or the next place on the waiting list (idempotent). */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'POST /api/group-sessions/{id}/sign-up'), async ({ params, identity }) => signUp(identity, params.id));
