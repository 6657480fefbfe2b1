import { useEffect, useRef } from 'react';
import { ParticipantView, useCall, useCallStateHooks } from '@stream-io/video-react-sdk';
import { TileUi } from './TileUi';

const tileUi = <TileUi showRole />;

/**
 * Participants in the call's own order. For livestream and audio_room the SDK's call type sorts admin,
 * host and speaker first (docs/product-spec.md, point 1); the SDK's stock layouts would replace that sorting with their own.
 */
export const RoleSortedStage = () => {
  const call = useCall();
  const { useParticipants } = useCallStateHooks();
  const participants = useParticipants();
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!call || !viewport.current) return;
    return call.setViewport(viewport.current);
  }, [call]);
  return (
    <div ref={viewport} className="role-sorted-stage" aria-label="Participants on stage">
      {participants.map((participant) => (
        <div key={participant.sessionId} className="role-sorted-stage__tile" data-user-id={participant.userId}>
          <ParticipantView participant={participant} ParticipantViewUI={tileUi} />
        </div>
      ))}
    </div>
  );
};
