import { createContext, useContext, type ReactNode } from 'react';
import type { MentorshipDetail } from './model';

/**
 * What other features add to the mentorship pages. The app composes features, so it provides these; the pages
 * show whatever they render in their place (nothing when the app gives none).
 */
export interface MentorshipExtensions {
  /** Sections of one mentorship's page, after what the viewer can do (sessions, surveys, action items). */
  mentorshipSections?: (mentorship: MentorshipDetail) => ReactNode;
  /** Shown at the top of the member's list of mentorships (their upcoming sessions). */
  inboxTop?: ReactNode;
}

export const MentorshipExtensionsContext = createContext<MentorshipExtensions>({});

export const useMentorshipExtensions = () => useContext(MentorshipExtensionsContext);
