import { routeIn, safeguardingRoutes } from '@mentoring/shared';
import { deleteUser } from '../../lib/cognito';
import { httpHandler } from '../../lib/http/handler';
import { logger } from '../../lib/powertools';
import { deleteMember } from '../../members';
import { deleteBlocksOf, deleteAtStream } from '../../safeguarding/blocks';
import { deleteReporterPointers } from '../../safeguarding/reports';
import { closeAllFor, liveMentorshipsOf } from '../../lifecycle';

/**
 * DELETE /api/me, after the member typed the confirmation: every live mentorship closes through the mentorship
 * service (the other side is told), their blocks and report pointers go, the profile goes, the Stream user is
 * deleted, and last the Cognito account, so that a failure part-way leaves a member who can sign in and retry
 * (each step is idempotent). Mentorship histories and reports stay with the programme; recordings follow the
 * stage's retention.
 */
export const handler = httpHandler(routeIn(safeguardingRoutes, 'DELETE /api/me'), async ({ identity }) => {
  const id = identity.sub;
  const endedMentorshipIds = await closeAllFor(await liveMentorshipsOf(id), id);
  await Promise.all([deleteBlocksOf(id), deleteReporterPointers(id)]);
  await deleteMember(id);
  await deleteAtStream(id);
  await deleteUser(id);
  logger.info('Account deleted at the member\'s request', { memberId: id, endedMentorships: endedMentorshipIds.length });
  return { deleted: true as const, endedMentorshipIds };
});
