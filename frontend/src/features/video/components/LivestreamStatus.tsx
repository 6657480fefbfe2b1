import { OwnCapability, useCallStateHooks } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';
import { useRoom } from './room/RoomContext';

/**
 * A call with a backstage (a livestream, an audio room): hosts wait backstage until they go live, and in a group
 * session's room they are told how many members are waiting; viewers wait, then watch over WebRTC or HLS.
 */
export const LivestreamStatus = () => {
  const room = useRoom();
  const { useIsCallLive, useHasPermissions, useCallEgress } = useCallStateHooks();
  const live = useIsCallLive();
  const backstageAllowed = useHasPermissions(OwnCapability.JOIN_BACKSTAGE);
  const playlist = useCallEgress()?.hls?.playlist_url;
  const backstageWords = room ? text.room.backstage(room.taken) : text.livestream.backstageHost;
  const waitingWords = room ? text.room.notLive : text.livestream.notStarted;
  return (
    <section className="livestream-status">
      {!live && <p role="status">{backstageAllowed ? backstageWords : waitingWords}</p>}
      {live && playlist && (
        <a href={playlist} target="_blank" rel="noreferrer">
          {text.livestream.watchHls}
        </a>
      )}
    </section>
  );
};
