import { directoryRoutes, routeIn } from '@mentoring/shared';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getMember, toMemberView, canSeeMember } from '../../members';

/** Any member's profile, for those allowed to see it (visibility.ts); never the e-mail address. */
export const handler = httpHandler(routeIn(directoryRoutes, 'GET /api/members/{id}'), async ({ params, identity }) => {
  const member = await getMember(params.id, { consistent: false });
  // Refusals look like unknown ids, so nobody learns who is a member.
  if (!member || !(await canSeeMember(identity, member))) throw new HttpError('not_found', 'No member with this id.');
  return toMemberView(member);
});
