import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { messages } from '@mentoring/shared/messages';

/** Which entry of the signed-in area's sidebar is selected; the signed-in layout reads and sets it. */
export type SidebarSelection = string;

export interface SidebarSelectionState {
  selection: SidebarSelection;
  setSelection: (selection: SidebarSelection) => void;
}

const defaultSelection: SidebarSelection = messages.sidebar.defaultSelection;

const SidebarSelectionContext = createContext<SidebarSelectionState | null>(null);

export const SidebarSelectionProvider = ({ children, initial = defaultSelection }: { children: ReactNode; initial?: SidebarSelection }) => {
  const [selection, setSelection] = useState<SidebarSelection>(initial);
  const value = useMemo(() => ({ selection, setSelection }), [selection]);
  return <SidebarSelectionContext.Provider value={value}>{children}</SidebarSelectionContext.Provider>;
};

export const useSidebarSelection = (): SidebarSelectionState => {
  const state = useContext(SidebarSelectionContext);
  if (!state) throw new Error('useSidebarSelection must be used inside <SidebarSelectionProvider>');
  return state;
};
