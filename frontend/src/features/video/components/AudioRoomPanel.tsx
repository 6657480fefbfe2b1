import { useState } from 'react';
import { OwnCapability, PermissionRequests, hasAudio, useCall, useCallStateHooks } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';
import { Gate } from './Gate';
import { useCallAction } from './useCallAction';

/** Audio rooms: listeners ask to speak (when the call allows asking); hosts grant or revoke. */
export const AudioRoomPanel = () => {
  const call = useCall();
  const { useHasPermissions, useCallSettings, useRemoteParticipants } = useCallStateHooks();
  const canSpeak = useHasPermissions(OwnCapability.SEND_AUDIO);
  const settings = useCallSettings();
  const speakers = useRemoteParticipants().filter((participant) => hasAudio(participant));
  const [requested, setRequested] = useState(false);
  const { busy, error, run } = useCallAction();
  if (!call) return null;
  const canAsk = !canSpeak && call.permissionsContext.canRequest(OwnCapability.SEND_AUDIO, settings);

  return (
    <section className="audio-room-panel">
      {!canSpeak && <p>{text.audioRoom.listener}</p>}
      {canAsk &&
        (requested ? (
          <p role="status">{text.controls.requestSent}</p>
        ) : (
          <button
            type="button"
            className="call-button"
            disabled={busy}
            onClick={() => run(async () => {
              await call.requestPermissions({ permissions: [OwnCapability.SEND_AUDIO] });
              setRequested(true);
            })}
          >
            {text.controls.requestToSpeak}
          </button>
        ))}
      <Gate can={[OwnCapability.UPDATE_CALL_PERMISSIONS]}>
        <PermissionRequests />
        <ul className="audio-room-speakers">
          {speakers.map((speaker) => (
            <li key={speaker.sessionId}>
              <button type="button" className="call-button" disabled={busy} onClick={() => run(() => call.revokePermissions(speaker.userId, [OwnCapability.SEND_AUDIO]))}>
                {text.controls.revokeSpeaking(speaker.name || speaker.userId)}
              </button>
            </li>
          ))}
        </ul>
      </Gate>
      {error && <p role="alert">{error}</p>}
    </section>
  );
};
