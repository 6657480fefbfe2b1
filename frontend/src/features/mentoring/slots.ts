import { createSlot } from '@/lib/slots';

/**
 * What a viewer may do about a mentor (a mentee: ask them to be their mentor), on each card of the directory
 * and on the mentor's page. The app fills it (app/SignedInArea.tsx), since asking is another feature's.
 */
export const MentorActionsSlot = createSlot<{ mentor: { id: string; displayName: string } }>('MentorActions');
