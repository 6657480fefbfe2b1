import { useDates } from '@/lib/member-zone';
import { copy as text } from '@/features/video/copy';
import type { GroupRoom } from './RoomContext';

/** What a member with a place reads in the lobby until the host goes live: the start, in the member's own zone. */
export const StartingSoon = ({ room }: { room: GroupRoom }) => {
  const dates = useDates();
  return (
    <div className="room-starting-soon" role="status">
      <p className="room-starting-soon__title">{text.room.startingSoon}</p>
      <p>{text.room.startsAt(dates.time(room.startsAt), dates.zone)}</p>
    </div>
  );
};
