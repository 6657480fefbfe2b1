import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { getParties } from '../../members';
import { blocksOf } from '../../safeguarding/blocks';

/** GET /api/me/blocks: whom the caller blocked (never who blocked them). */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'GET /api/me/blocks'), async ({ identity }) => {
  const rows = await blocksOf(identity.sub);
  const parties = await getParties(rows.map((row) => row.id));
  return { blocks: rows.map((row) => ({ memberId: row.id, displayName: parties.get(row.id)?.displayName ?? 'A former member', blockedAt: row.blockedAt })) };
});
