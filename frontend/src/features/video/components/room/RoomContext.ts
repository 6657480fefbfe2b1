import { createContext, useContext } from 'react';

/** The group session a call belongs to (a workshop's livestream or an open circle's audio room), as the room shows it. */
export interface GroupRoom {
  sessionId: string;
  title: string;
  startsAt: string;
  /** Members with a place: those who see "Starting soon" until the host goes live. */
  taken: number;
}

export const RoomContext = createContext<GroupRoom | null>(null);

/** The group session of this call, or null in any other call (a pair's, a guest's). */
export const useRoom = () => useContext(RoomContext);
