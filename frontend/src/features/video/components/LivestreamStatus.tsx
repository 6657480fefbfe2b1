import { OwnCapability, useCallStateHooks } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';

/** Livestream: hosts wait backstage until they go live; viewers wait, then watch over WebRTC or HLS. */
export const LivestreamStatus = () => {
  const { useIsCallLive, useHasPermissions, useCallEgress } = useCallStateHooks();
  const live = useIsCallLive();
  const backstageAllowed = useHasPermissions(OwnCapability.JOIN_BACKSTAGE);
  const playlist = useCallEgress()?.hls?.playlist_url;
  return (
    <section className="livestream-status">
      {!live && <p role="status">{backstageAllowed ? text.livestream.backstageHost : text.livestream.notStarted}</p>}
      {live && playlist && (
        <a href={playlist} target="_blank" rel="noreferrer">
          {text.livestream.watchHls}
        </a>
      )}
    </section>
  );
};
