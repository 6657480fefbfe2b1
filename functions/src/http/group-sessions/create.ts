import { groupSessionsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { scheduleGroupSession } from '../../group-sessions';

/** Schedules a workshop or open circle (coordinators and approved mentors) and makes its call. */
export const handler = httpHandler(routeIn(groupSessionsRoutes, 'POST /api/group-sessions'), async ({ body, identity }) => scheduleGroupSession(identity, body));
