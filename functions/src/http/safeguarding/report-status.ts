import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getReport, setReportStatus, StaleReportError, toReportDetail } from '../../safeguarding/reports';

/** Moves a report between open, in review and resolved, from the version the coordinator read (else 409). */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'POST /api/coordinator/reports/{id}/status'), async ({ params, body }) => {
  try {
    await setReportStatus(params.id, body.status, body.version, new Date().toISOString());
  } catch (error) {
    if (!(error instanceof StaleReportError)) throw error;
    const current = await getReport(params.id);
    if (!current) throw new HttpError('not_found', 'There is no such report.');
    throw new HttpError('conflict', 'Another coordinator changed this report meanwhile. Reload it and decide again.');
  }
  return toReportDetail((await getReport(params.id))!);
});
