import { useState } from 'react';
import { useCall, useCallStateHooks } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';

/**
 * Our own buttons for the camera, microphone, screen share and reactions, in the lobby and in the call: Stream's
 * are icon-only with unnamed menu toggles, which screen readers cannot name (axe: button-name). Each says what it
 * controls and whether it is on (aria-pressed); device choice lives in the device settings panel.
 */
export const DeviceToggle = ({ device }: { device: 'camera' | 'microphone' }) => {
  const call = useCall();
  const { useCameraState, useMicrophoneState } = useCallStateHooks();
  const camera = useCameraState();
  const microphone = useMicrophoneState();
  const enabled = (device === 'camera' ? camera : microphone).optimisticIsMute === false;
  const label = device === 'camera' ? text.devices.camera : text.devices.microphone;
  return (
    <button
      type="button"
      className="call-button"
      aria-pressed={enabled}
      onClick={() => void call?.[device].toggle().catch((cause: unknown) => console.warn(cause))}
    >
      {enabled ? `${label} on` : `${label} off`}
    </button>
  );
};

export const ScreenShareToggle = () => {
  const call = useCall();
  const { useScreenShareState } = useCallStateHooks();
  const sharing = useScreenShareState().optimisticIsMute === false;
  return (
    <button
      type="button"
      className="call-button"
      aria-pressed={sharing}
      onClick={() => void call?.screenShare.toggle().catch((cause: unknown) => console.warn(cause))}
    >
      {sharing ? text.devices.stopSharing : text.devices.shareScreen}
    </button>
  );
};

const REACTIONS = [
  { type: 'like', emoji_code: ':like:', emoji: '👍', label: 'Thumbs up' },
  { type: 'raised-hand', emoji_code: ':raise-hand:', emoji: '✋', label: 'Raise hand' },
  { type: 'reaction', emoji_code: ':fireworks:', emoji: '🎉', label: 'Celebrate' },
] as const;

/**
 * A few reactions, each a named button, shown over the sender's tile by Stream's layouts. Where raising a hand is a
 * request to come on stage (a group session), the raised-hand reaction is left out: it would promise what it does not do.
 */
export const ReactionsMenu = ({ raisedHand = true }: { raisedHand?: boolean }) => {
  const call = useCall();
  const [open, setOpen] = useState(false);
  return (
    <span className="call-reactions">
      <button type="button" className="call-button" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {text.devices.react}
      </button>
      {open && (
        <span className="call-reactions__list" role="group" aria-label={text.devices.react}>
          {REACTIONS.filter(({ type }) => raisedHand || type !== 'raised-hand').map(({ type, emoji_code, emoji, label }) => (
            <button
              key={type}
              type="button"
              className="call-button"
              aria-label={label}
              onClick={() => {
                setOpen(false);
                call?.sendReaction({ type, emoji_code }).catch((cause: unknown) => console.warn(cause));
              }}
            >
              <span aria-hidden="true">{emoji}</span>
            </button>
          ))}
        </span>
      )}
    </span>
  );
};
