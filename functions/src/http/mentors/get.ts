import { route } from '@mentoring/shared';
import { directoryProgramme } from '../../lib/directory';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getMember, toMentorView } from '../../lib/repositories/members';
import { canSeeMentor } from '../../lib/visibility';

/** A mentor's page: approved mentors, for whoever may see the directory; a pending or rejected one only for themselves and coordinators. */
export const handler = httpHandler(route('GET /api/mentors/{id}'), async ({ params, identity }) => {
  const programme = await directoryProgramme();
  if (programme.directoryVisibility === 'members' && !identity) throw new HttpError('unauthenticated', 'Sign in to see the mentors.');
  const member = await getMember(params.id, { consistent: false });
  // The same answer whether the id is unknown, a mentee or a mentor not yet approved: nothing is revealed.
  if (!member || member.role !== 'mentor' || !canSeeMentor(identity, member)) throw new HttpError('not_found', 'No mentor with this id.');
  return toMentorView(member);
});
