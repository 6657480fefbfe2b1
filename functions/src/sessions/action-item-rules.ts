import { mentorshipIdOfCall, MENTORSHIP_CALL_TYPE } from '@mentoring/shared';
import { conflict, DomainError } from '../lib/domain-error';
import type { MentorshipRecord } from '../mentorships';

/** Action items change only while the pair works together; afterwards they stay as a record. */
export const assertItemsMayChange = (mentorship: Pick<MentorshipRecord, 'state'>) => {
  if (mentorship.state !== 'ACTIVE') throw conflict(mentorship.state === 'SUSPENDED' ? 'suspended' : mentorship.state === 'REQUESTED' || mentorship.state === 'PROPOSED' ? 'pending' : 'ended', 'Action items can only change while the mentorship is active.');
};

/** The owner is one of the pair; a session named is one of this mentorship's. */
export const assertItemFields = (mentorship: Pick<MentorshipRecord, 'id' | 'mentorId' | 'menteeId'>, fields: { ownerId?: string; sessionId?: string | null }) => {
  if (fields.ownerId !== undefined && fields.ownerId !== mentorship.mentorId && fields.ownerId !== mentorship.menteeId) {
    throw new DomainError('validation_failed', 'The owner must be the mentor or the mentee of this mentorship.');
  }
  if (fields.sessionId && mentorshipIdOfCall(MENTORSHIP_CALL_TYPE, fields.sessionId) !== mentorship.id) {
    throw new DomainError('validation_failed', 'The session must be one of this mentorship.');
  }
};
