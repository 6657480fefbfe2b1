/**
 * Safeguarding's effect on mentorships, always through the mentorship service's own transitions (so counters,
 * places, schedules, e-mails and the pair's channel follow as for any other change).
 */
import { DomainError } from '../lib/domain-error';
import { decline, end, withdraw, type Caller } from './service';
import { FINAL_STATES, listBy, sideOf, type MentorshipRecord } from '../mentorships';
import { logger } from '../lib/powertools';

/** Every mentorship of the member that is still live (a request, a proposal, active or suspended). */
export const liveMentorshipsOf = async (memberId: string) => {
  const [asMentor, asMentee] = await Promise.all([listBy('byMentor', memberId, { limit: 1000 }), listBy('byMentee', memberId, { limit: 1000 })]);
  return [...asMentor, ...asMentee].filter((record) => !FINAL_STATES.includes(record.state));
};

export const liveMentorshipsBetween = async (a: string, b: string) =>
  (await liveMentorshipsOf(a)).filter((record) => (record.mentorId === a && record.menteeId === b) || (record.mentorId === b && record.menteeId === a));

/**
 * Closes one live mentorship on the member's behalf with the transition that fits its state: an active or
 * suspended one ends, a request is withdrawn (by its mentee) or declined (by its mentor), a proposal declined.
 * Answers whether it changed; a state that moved meanwhile (409) is left as it is.
 */
export const closeFor = async (record: MentorshipRecord, memberId: string) => {
  const side = sideOf(record, memberId);
  if (!side) return false;
  const caller: Caller = { id: memberId, isCoordinator: false };
  try {
    if (record.state === 'ACTIVE' || record.state === 'SUSPENDED') await end(record.id, caller, { reason: 'other' });
    else if (record.state === 'REQUESTED') await (side === 'mentee' ? withdraw(record.id, caller) : decline(record.id, caller, { reason: 'other' }));
    else if (record.state === 'PROPOSED') await decline(record.id, caller, { reason: 'other' });
    else return false;
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'conflict') {
      logger.info('A mentorship had already moved on', { mentorshipId: record.id });
      return false;
    }
    throw error;
  }
};

/** Closes every live mentorship in the list on the member's behalf; answers the ids that changed. */
export const closeAllFor = async (records: readonly MentorshipRecord[], memberId: string) => {
  const closed: string[] = [];
  for (const record of records) if (await closeFor(record, memberId)) closed.push(record.id);
  return closed;
};
