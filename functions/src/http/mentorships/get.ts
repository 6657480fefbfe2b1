import { mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { callerOf, detailFor } from '../../lifecycle';

export const handler = httpHandler(routeIn(mentorshipsRoutes, 'GET /api/mentorships/{id}'), async ({ params, identity }) => detailFor(params.id, callerOf(identity)));
