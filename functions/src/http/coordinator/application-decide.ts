import { membershipRoutes, routeIn } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { applicationDecided } from '../../lib/mail/templates/application-decided';
import { afterWrite, mailAfterWrite, publishAfterWrite } from '../../lib/notify';
import { siteUrl } from '../../lib/site-url';
import { keepNotification } from '../../notifications';
import { logger } from '../../lib/powertools';
import { decideApplication, getMember, StaleMemberError, toApplication } from '../../members';
import { getProgramme } from '../../programme';

/**
 * A coordinator approves or rejects a pending application (a rejection says why). The decision is one
 * write conditional on the application still pending, so two coordinators deciding at once end with one
 * decision and one e-mail; the other is told it was already decided.
 */
export const handler = httpHandler(routeIn(membershipRoutes, 'POST /api/coordinator/applications/{id}/decision'), async ({ params, body, identity }) => {
  if (params.id === identity.sub) throw new HttpError('forbidden', 'Another coordinator must decide on your own application.');
  const member = await getMember(params.id);
  if (!member || !member.submittedAt) throw new HttpError('not_found', 'No application with this id.');
  if (member.approvalState !== 'pending') throw new HttpError('conflict', 'This application was already decided.');
  const note = body.note?.trim() || null;
  let decided;
  try {
    decided = await decideApplication(member, { decision: body.decision, note, coordinatorId: identity.sub, now: new Date().toISOString() });
  } catch (error) {
    if (error instanceof StaleMemberError) throw new HttpError('conflict', 'This application was already decided or has just changed. Reload it.');
    throw error;
  }
  logger.info('Application decided', { memberId: decided.id, decision: body.decision, by: identity.sub });
  const programme = await getProgramme();
  const letter = (site: string) => applicationDecided({ site, name: decided.displayName, role: decided.role, programme: programme.name, decision: body.decision, note });
  await afterWrite(`in-app application ${body.decision}`, async () => {
    const site = await siteUrl();
    await keepNotification(decided.id, 'application', letter(site), site);
  });
  const to = decided.email;
  if (to) await mailAfterWrite((site) => ({ to, ...letter(site) }), `application ${body.decision}`);
  await publishAfterWrite('member.changed', { memberId: decided.id, reason: 'approval' });
  return toApplication(decided);
});
