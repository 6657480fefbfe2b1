import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { setWorkshopPublic } from '../../group-sessions';

/** A coordinator makes a workshop public (its broadcast plays for visitors) or private again. */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'PUT /api/group-sessions/{id}/public'), async ({ params, body, identity }) => setWorkshopPublic(identity, params.id, body.public));
