import { callsRoutes, mentorshipIdOfCall, routeIn } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { canSeeArchive, createGuestInvitation } from '../../calls';
import { getMentorship, sideOf } from '../../mentorships';
import { getStreamCredentials } from '../../lib/stream/credentials';
import { memberStreamId } from '../../lib/stream/stream-user-id';

/**
 * Who may bring a guest into a call: a member of it as Stream reported (the calls table, removed members
 * excluded), or, for a mentorship's call, one of the pair while the mentorship is live — their calls exist
 * on Stream before any webhook has told us about them.
 */
const isMemberOfCall = async (type: string, id: string, sub: string) => {
  const mentorshipId = mentorshipIdOfCall(type, id);
  if (mentorshipId) {
    const mentorship = await getMentorship(mentorshipId);
    if (mentorship && sideOf(mentorship, sub) && mentorship.state === 'ACTIVE') return true;
  }
  return canSeeArchive(`${type}:${id}`, memberStreamId(sub));
};

/** A signed, expiring invitation for one call, and the guest page's link carrying it. */
export const handler = httpHandler(routeIn(callsRoutes, 'POST /api/calls/{type}/{id}/guest-invitations'), async ({ params, identity }) => {
  if (!(await isMemberOfCall(params.type, params.id, identity.sub))) {
    throw new HttpError('forbidden', 'Only members of this call can invite guests to it.');
  }
  const { apiSecret } = await getStreamCredentials();
  const { invitation, payload } = createGuestInvitation(apiSecret, { cid: `${params.type}:${params.id}`, by: identity.sub });
  return {
    invitation,
    path: `/join/${params.type}/${params.id}#invitation=${invitation}`,
    expiresAt: new Date(payload.exp * 1000).toISOString(),
  };
});
