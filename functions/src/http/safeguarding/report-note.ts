import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { addNote, getReport, toReportDetail } from '../../safeguarding/reports';

/** An internal note on a report: coordinators only, never shown to the reporter or the member concerned. */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'POST /api/coordinator/reports/{id}/notes'), async ({ params, body, identity }) => {
  const added = await addNote(params.id, {
    at: new Date().toISOString(),
    authorId: identity.sub,
    authorName: identity.name ?? identity.email ?? 'A coordinator',
    text: body.text,
  });
  if (!added) throw new HttpError('not_found', 'There is no such report.');
  return toReportDetail((await getReport(params.id))!);
});
