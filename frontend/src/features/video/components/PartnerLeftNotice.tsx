import { useEffect, useRef, useState } from 'react';
import { CallingState, useCallStateHooks } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';

/**
 * When the last other participant leaves, the member left alone is told who left and chooses: wait for them to come
 * back, or leave too. Someone joining again takes the notice away.
 */
export const PartnerLeftNotice = ({ onLeave }: { onLeave: () => void }) => {
  const { useRemoteParticipants, useCallCallingState } = useCallStateHooks();
  const remote = useRemoteParticipants();
  const callingState = useCallCallingState();
  const [whoLeft, setWhoLeft] = useState<string | null>(null);
  const present = useRef<string[]>([]);
  // One string, so the effect runs when who is there changes, not on every update of their state.
  const names = remote.map((participant) => participant.name || participant.userId).join('\n');

  useEffect(() => {
    // While the member's own connection is down, the others only seem gone.
    if (callingState !== CallingState.JOINED) return;
    if (names) setWhoLeft(null);
    else if (present.current.length > 0) setWhoLeft(present.current.join(', '));
    present.current = names ? names.split('\n') : [];
  }, [names, callingState]);

  if (!whoLeft) return null;
  return (
    <div className="partner-left" role="status">
      <p>
        <strong>{text.partnerLeft.title(whoLeft)}</strong> {text.partnerLeft.text}
      </p>
      <button type="button" className="call-button" onClick={() => setWhoLeft(null)}>
        {text.partnerLeft.wait}
      </button>
      <button type="button" className="call-button call-button--danger" onClick={onLeave}>
        {text.partnerLeft.leave}
      </button>
    </div>
  );
};
