import { mentorshipIdOfCall, MENTORSHIP_CALL_TYPE } from '@mentoring/shared';
import { DomainError } from '../lib/domain-error';
import type { Identity } from '../lib/auth/identity';
import { getMentorship, sideOf, type MentorshipRecord, type Side } from './repository';

/**
 * The mentorship a session belongs to, for one of its pair; anyone else (coordinators included: notes and
 * consent are the pair's) gets the same 404 as for a session that does not exist, so ids cannot be probed.
 */
export const sessionForMember = async (sessionId: string, identity: Identity): Promise<{ mentorship: MentorshipRecord; side: Side }> => {
  const mentorshipId = mentorshipIdOfCall(MENTORSHIP_CALL_TYPE, sessionId);
  const mentorship = mentorshipId ? await getMentorship(mentorshipId) : null;
  const side = mentorship && sideOf(mentorship, identity.sub);
  if (!mentorship || !side) throw new DomainError('not_found', 'There is no such session.');
  return { mentorship, side };
};

export const mentorshipForMember = async (mentorshipId: string, identity: Identity): Promise<{ mentorship: MentorshipRecord; side: Side }> => {
  const mentorship = await getMentorship(mentorshipId);
  const side = mentorship && sideOf(mentorship, identity.sub);
  if (!mentorship || !side) throw new DomainError('not_found', 'There is no such mentorship.');
  return { mentorship, side };
};
