import { mentorshipCallId, randomCallSuffix } from '@mentoring/shared/mentorship-calls';
import { createSlot } from '@/lib/slots';

/** Someone to call: the other member of one of the caller's mentorships. */
export interface CallPartner {
  mentorshipId: string;
  userId: string;
  displayName: string;
}

/** The start-a-call form's picker of partners; the app fills it with the mentorships feature's field. */
export const CallPartnersSlot = createSlot<{ chosen: readonly CallPartner[]; onChange: (partners: CallPartner[]) => void }>('CallPartners');

/** A call with one partner belongs to that mentorship (its id says so); a call with several to none. */
export const callIdFor = (partners: readonly CallPartner[]) =>
  partners.length === 1 ? mentorshipCallId(partners[0]!.mentorshipId, randomCallSuffix()) : undefined;
