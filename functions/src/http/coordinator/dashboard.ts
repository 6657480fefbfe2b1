import { coordinationRoutes, routeIn } from '@mentoring/shared';
import { currentSnapshot, dashboardPage } from '../../coordination';
import { httpHandler } from '../../lib/http/handler';

/** What needs a coordinator's attention first, and how the programme is doing: from the stored snapshot, a page of the list at a time. */
export const handler = httpHandler(routeIn(coordinationRoutes, 'GET /api/coordinator/dashboard'), async ({ query }) => dashboardPage(await currentSnapshot(), query));
