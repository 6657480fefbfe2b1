/**
 * Who reads a group session's recordings and transcripts (its call's archive): those on stage, every member with a
 * place whom the host did not remove, and coordinators. Decided by the session's own seats, not by the call's member
 * list: a member who left before it began gave up their place, one who moved up has one, and a coordinator, who is
 * no member of the call, watches over every session. Seats no longer change once a session has begun, so the seats
 * now are those of the session as it took place.
 */
import { groupSessionIdOfCall } from '@mentoring/shared';
import type { Identity } from '../lib/auth/identity';
import { isCoordinator } from '../members';
import { getWithSeats, type GroupSessionItem, type SeatItem } from './repository';

export const readsGroupArchive = (session: Pick<GroupSessionItem, 'hostId' | 'coHostIds' | 'speakerIds'>, seat: SeatItem | undefined, memberId: string, coordinator: boolean) =>
  coordinator ||
  session.hostId === memberId ||
  session.coHostIds.includes(memberId) ||
  session.speakerIds.includes(memberId) ||
  (seat?.status === 'in' && !seat.removedAt);

/** Whether the member reads the archive of this call, or null for a call that is no group session's. */
export const groupArchiveAccess = async (type: string, callId: string, identity: Identity): Promise<boolean | null> => {
  const id = groupSessionIdOfCall(type, callId);
  if (!id) return null;
  const found = await getWithSeats(id);
  if (!found) return false;
  return readsGroupArchive(found.session, found.seats.find((seat) => seat.memberId === identity.sub), identity.sub, isCoordinator(identity));
};
