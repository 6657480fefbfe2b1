import { MENTORSHIP_CALL_TYPE, type RecordingConsentState } from '@mentoring/shared';
import { getCall } from './repository';
import type { MentorshipRecord } from '../mentorships';
import { getParties } from '../members';
import { addRecordingConsent, getRecordedSession, type RecordedSession } from '../sessions';
import { memberStreamId } from '../lib/stream/stream-user-id';
import { DomainError } from '../lib/domain-error';

export const consentStateOf = async (sessionId: string, mentorship: MentorshipRecord, item: RecordedSession | undefined): Promise<RecordingConsentState> => {
  const parties = await getParties([mentorship.mentorId, mentorship.menteeId]);
  const party = (memberId: string) => ({ memberId, streamUserId: memberStreamId(memberId), displayName: parties.get(memberId)?.displayName ?? 'A former member' });
  return {
    sessionId,
    pair: [party(mentorship.mentorId), party(mentorship.menteeId)],
    consents: (item?.recordingConsent ?? []).map(({ memberId, at }) => ({ memberId, streamUserId: memberStreamId(memberId), at })),
  };
};

/** Adds the member's consent once; a session not booked whose call exists becomes an unplanned session (sessions/). */
export const giveConsent = async (sessionId: string, mentorship: MentorshipRecord, memberId: string) => {
  const existing = await getRecordedSession(sessionId);
  if (!existing && !(await getCall(`${MENTORSHIP_CALL_TYPE}:${sessionId}`))) throw new DomainError('not_found', 'There is no such session or call.');
  await addRecordingConsent(sessionId, mentorship, memberId, new Date().toISOString());
  return consentStateOf(sessionId, mentorship, await getRecordedSession(sessionId));
};
