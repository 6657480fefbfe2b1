import type { CallSummary } from '@mentoring/shared';
import { createSlot } from '@/lib/slots';

/** What other features put on a group session's page; the app fills these (app/feature-slots.tsx): its call with its recordings and transcripts (the call archive's entry). */
export const GroupCallArchiveSlot = createSlot<{ call: CallSummary; headingLevel?: 2 | 3 }>('GroupCallArchive');
