import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { listReports, toReportSummary } from '../../safeguarding/reports';

/** GET /api/coordinator/reports: the queue, newest first, in one status or all. */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'GET /api/coordinator/reports'), async ({ query }) => ({
  reports: (await listReports(query.status)).map(toReportSummary),
}));
