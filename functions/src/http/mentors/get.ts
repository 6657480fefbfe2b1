import { directoryRoutes, routeIn } from '@mentoring/shared';
import { directoryProgramme } from '../../directory';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getMember, toMentorView, canSeeMentor } from '../../members';
import { blockBetween } from '../../safeguarding/blocks';

/** A mentor's page: approved mentors, for whoever may see the directory; a pending or rejected one only for themselves and coordinators. */
export const handler = httpHandler(routeIn(directoryRoutes, 'GET /api/mentors/{id}'), async ({ params, identity }) => {
  const programme = await directoryProgramme();
  if (programme.directoryVisibility === 'members' && !identity) throw new HttpError('unauthenticated', 'Sign in to see the mentors.');
  const [member, blocks] = await Promise.all([
    getMember(params.id, { consistent: false }),
    identity && identity.sub !== params.id ? blockBetween(identity.sub, params.id) : undefined,
  ]);
  // The same answer whether the id is unknown, a mentee, a mentor not yet approved, or a block between the two: nothing is revealed.
  if (!member || member.role !== 'mentor' || !canSeeMentor(identity, member) || blocks?.any) throw new HttpError('not_found', 'No mentor with this id.');
  return toMentorView(member);
});
