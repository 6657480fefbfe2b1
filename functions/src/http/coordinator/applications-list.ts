import { route } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { listByApprovalState } from '../../members/repository';
import { toApplication } from '../../members/views';

/** Applications in one state (pending by default): pending oldest first, decided ones newest first. */
export const handler = httpHandler(route('GET /api/coordinator/applications'), async ({ query }) => ({
  applications: (await listByApprovalState(query.state ?? 'pending')).map(toApplication),
}));
