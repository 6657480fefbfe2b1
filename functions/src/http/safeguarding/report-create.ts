import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { newRecordId } from '../../lib/http/idempotency';
import { fileReport } from '../../safeguarding/reports';

/** POST /api/reports: a member reports a concern (the rules: safeguarding/reports/file.ts). */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'POST /api/reports'), async ({ body, identity, idempotencyScope }) =>
  fileReport(newRecordId(idempotencyScope), { id: identity.sub, fallbackName: identity.name ?? identity.email ?? 'A member' }, body),
);
