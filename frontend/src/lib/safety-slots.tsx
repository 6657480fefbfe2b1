import { createContext, useContext, type ReactNode } from 'react';
import type { ReportSubject } from '@mentoring/shared/safeguarding';

/** What a report is about, and how the dialog names it ("a message from Grace"). */
export interface ReportTarget {
  subject: ReportSubject;
  about: string;
  /** The reporter is in a mentorship with the person concerned: the dialog offers to end it at once. */
  canEndMentorship?: boolean;
}

/**
 * Safeguarding's places in other features' pages. The app fills them (app/SignedInArea) from the safeguarding
 * feature; a page shows nothing where they are empty (visitors, tests of one feature alone).
 */
export interface SafetySlots {
  /** Report and block controls for a member, on their profile and on the mentorship page. */
  memberActions?: (member: { id: string; displayName: string; mentorshipId?: string | null; active?: boolean }) => ReactNode;
  /** Opens the "Report a concern" dialog about a message, a call or anything else. */
  report?: (target: ReportTarget) => void;
  /** A coordinator's controls for a member in their lists (suspend, restore). */
  moderation?: (member: { id: string; displayName: string; suspended: boolean }) => ReactNode;
  /** Sections the account page shows below its own (my data: export, delete). */
  accountSections?: ReactNode;
}

export const SafetySlotsContext = createContext<SafetySlots>({});

export const useSafetySlots = () => useContext(SafetySlotsContext);
