import { createContext, useContext, type ReactNode } from 'react';

/**
 * What a viewer may do about a mentor (a mentee: ask them to be their mentor). The app composes features, so
 * it provides this; the directory shows whatever it renders on each card and on the mentor's page.
 */
export type MentorActions = (mentor: { id: string; displayName: string }) => ReactNode;

export const MentorActionsContext = createContext<MentorActions | null>(null);

export const useMentorActions = () => useContext(MentorActionsContext);
