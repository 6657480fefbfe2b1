import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { logger } from '../../lib/powertools';
import { getMember, setSuspended, StaleMemberError } from '../../members';
import { restoreAtStream } from '../../safeguarding/blocks';

/** POST /api/coordinator/members/{id}/restore: undoes a suspension (the item, then Stream: reactivated, channels opened where nothing else holds them). */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'POST /api/coordinator/members/{id}/restore'), async ({ params, identity }) => {
  for (let attempt = 0; ; attempt += 1) {
    const member = await getMember(params.id);
    if (!member) throw new HttpError('not_found', 'There is no such member.');
    try {
      const stored = member.suspended ? await setSuspended(member, false, new Date().toISOString()) : member;
      await restoreAtStream(params.id);
      logger.info('Member restored', { memberId: params.id, by: identity.sub });
      return { id: stored.id, suspended: false, suspendedAt: null };
    } catch (error) {
      if (!(error instanceof StaleMemberError) || attempt >= 2) throw error;
    }
  }
});
