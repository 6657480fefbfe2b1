import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getReport, toReportDetail } from '../../safeguarding/reports';

export const handler = httpHandler(routeIn(safeguardingRoutes, 'GET /api/coordinator/reports/{id}'), async ({ params }) => {
  const report = await getReport(params.id);
  if (!report) throw new HttpError('not_found', 'There is no such report.');
  return toReportDetail(report);
});
