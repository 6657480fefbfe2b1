import { mentorshipIdOfCall, mentorshipsRoutes, routeIn } from '@mentoring/shared';
import { httpHandler } from '../../lib/http/handler';
import { HttpError } from '../../lib/http/errors';
import { listCallsOf } from '../../calls';
import { getMentorship, sideOf } from '../../mentorships';
import { memberStreamId } from '../../lib/stream/stream-user-id';

/** The member's calls of this mentorship: call ids encode it (shared/src/mentoring/mentorship-calls.ts). */
export const handler = httpHandler(routeIn(mentorshipsRoutes, 'GET /api/mentorships/{id}/calls'), async ({ params, identity }) => {
  const record = await getMentorship(params.id);
  if (!record || !sideOf(record, identity.sub)) throw new HttpError('not_found', 'There is no such mentorship.');
  const calls = await listCallsOf(memberStreamId(identity.sub));
  return { calls: calls.filter((call) => mentorshipIdOfCall(call.type, call.id) === record.id) };
});
