import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { getPublicWorkshop } from '../../group-sessions';

/** A public workshop, for anyone: no sign-in. */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'GET /api/public/workshops/{id}'), async ({ params }) => getPublicWorkshop(params.id));
