import type { CallSummary } from '@mentoring/shared';
import type { MentorshipState } from '@mentoring/shared/mentorship';
import { createSlot } from '@/lib/slots';
import type { MentorshipDetail } from './model';

/** What other features put on the mentorship pages; the app fills these (app/feature-slots.tsx). */
export const MatchFeedbackSlot = createSlot<{ open: boolean; onClose: () => void; mentorshipId: string }>('MatchFeedback');
/** One call of the pair with its recordings and transcript. */
export const CallArchiveSlot = createSlot<{ call: CallSummary; headingLevel?: 2 | 3 }>('CallArchive');
/** Sections of one mentorship's page after what the viewer can do: its sessions, action items, a survey that is due. */
export const MentorshipSectionsSlot = createSlot<{ mentorship: MentorshipDetail }>('MentorshipSections');
/** The coordinator's list of mentorships: a CSV export of the mentorships it shows (one state, maybe a name search). */
export const MentorshipsExportSlot = createSlot<{ state: MentorshipState; q: string; label: string }>('MentorshipsExport');
/** The top of the member's list of mentorships: their upcoming sessions. */
export const InboxTopSlot = createSlot<object>('InboxTop');
