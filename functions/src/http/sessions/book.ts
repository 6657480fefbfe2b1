import { routeIn, sessionsRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { book } from '../../sessions';

/** Books one start in the pair's common free time, or proposes up to three for the other member to pick. */
export const handler = httpHandler(routeIn(sessionsRoutes, 'POST /api/mentorships/{id}/sessions'), async ({ params, body, identity }) => book(params.id, identity.sub, body));
