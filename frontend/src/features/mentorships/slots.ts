import type { CallSummary } from '@mentoring/shared';
import { createSlot } from '../../lib/slots';

/** What other features put on the mentorship pages; the app fills these (app/feature-slots.tsx). */
export const MatchFeedbackSlot = createSlot<{ open: boolean; onClose: () => void; mentorshipId: string }>('MatchFeedback');
/** One call of the pair with its recordings and transcript. */
export const CallArchiveSlot = createSlot<{ call: CallSummary; headingLevel?: 2 | 3 }>('CallArchive');
