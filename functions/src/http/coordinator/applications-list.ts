import { membershipRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { listByApprovalState, toApplication } from '../../members';

/** Applications in one state (pending by default): pending oldest first, decided ones newest first. */
export const handler = httpHandler(routeIn(membershipRoutes, 'GET /api/coordinator/applications'), async ({ query }) => ({
  applications: (await listByApprovalState(query.state ?? 'pending')).map(toApplication),
}));
