import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { logger } from '../../lib/powertools';
import { getMember, setSuspended, StaleMemberError } from '../../members';
import { suspendAtStream } from '../../safeguarding/blocks';

/**
 * POST /api/coordinator/members/{id}/suspend: the member item says so first (every write route then refuses
 * them, and a mentor leaves the directory); then Stream: their user deactivated, their channels frozen. A
 * Stream failure is a 500 after the stored change, and the coordinator's retry (idempotent) finishes it.
 */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'POST /api/coordinator/members/{id}/suspend'), async ({ params, identity }) => {
  if (params.id === identity.sub) throw new HttpError('validation_failed', 'You cannot suspend yourself.');
  for (let attempt = 0; ; attempt += 1) {
    const member = await getMember(params.id);
    if (!member) throw new HttpError('not_found', 'There is no such member.');
    try {
      const stored = member.suspended ? member : await setSuspended(member, true, new Date().toISOString());
      await suspendAtStream(params.id);
      logger.info('Member suspended', { memberId: params.id, by: identity.sub });
      return { id: stored.id, suspended: true, suspendedAt: stored.suspendedAt ?? null };
    } catch (error) {
      if (!(error instanceof StaleMemberError) || attempt >= 2) throw error;
    }
  }
});
