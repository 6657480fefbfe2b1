import { coordinationRoutes, routeIn } from '@mentoring/shared';
import { dashboardPage, refreshSnapshot, RefreshTooSoon } from '../../coordination';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';

/** "Refresh now": the dashboard computed afresh and stored, answered as its first page (429 within 30 s of the last). */
export const handler = httpHandler(routeIn(coordinationRoutes, 'POST /api/coordinator/dashboard/refresh'), async ({ query }) => {
  try {
    return dashboardPage(await refreshSnapshot(), query);
  } catch (error) {
    if (error instanceof RefreshTooSoon) throw new HttpError('too_many_requests', error.message);
    throw error;
  }
});
