import { profileRoutes, routeIn } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { applicationReceived } from '../../lib/mail/templates/application-received';
import { mailAfterWrite, publishAfterWrite } from '../../lib/notify';
import { getMember, StaleMemberError, submitProfile, toOwnProfile, isCoordinator } from '../../members';
import { getProgramme } from '../../programme';

/**
 * Ends onboarding: a mentor's profile becomes an application waiting for a coordinator (and a mentee's,
 * if the programme requires approval); a mentee is approved at once otherwise. A rejected member may
 * change the profile and submit again.
 */
export const handler = httpHandler(routeIn(profileRoutes, 'POST /api/profile/me/submit'), async ({ identity }) => {
  const [programme, member] = await Promise.all([getProgramme(), getMember(identity.sub)]);
  if (!member) throw new HttpError('conflict', 'Save your profile before submitting it.');
  if (member.approvalState === 'pending') throw new HttpError('conflict', 'Your application is already waiting for a coordinator.');
  if (member.approvalState === 'approved') throw new HttpError('conflict', 'Your profile is already approved.');
  if (member.codeOfConductVersion !== programme.codeOfConductVersion) {
    throw new HttpError('validation_failed', `The code of conduct has changed: read and accept version ${programme.codeOfConductVersion}, then save your profile again.`);
  }
  const state = member.role === 'mentor' || programme.menteesNeedApproval ? 'pending' : 'approved';
  let submitted;
  try {
    submitted = await submitProfile(member, { state, now: new Date().toISOString() });
  } catch (error) {
    if (error instanceof StaleMemberError) throw new HttpError('conflict', 'Your profile was changed meanwhile. Reload it and try again.');
    throw error;
  }
  const to = submitted.email;
  if (state === 'pending' && to) {
    await mailAfterWrite(
      (site) => ({ to, ...applicationReceived({ site, name: submitted.displayName, role: submitted.role, programme: programme.name }) }),
      'application received',
    );
  }
  await publishAfterWrite('member.changed', { memberId: submitted.id, reason: 'approval' });
  return toOwnProfile(submitted, { email: identity.email, isCoordinator: isCoordinator(identity) });
});
