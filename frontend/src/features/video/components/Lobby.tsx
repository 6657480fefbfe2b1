import { useEffect, useState } from 'react';
import {
  Browsers,
  OwnCapability,
  VideoPreview,
  createSoundDetector,
  useCall,
  useCallStateHooks,
  useConnectedUser,
} from '@stream-io/video-react-sdk';
import { StartingSoon } from './room/StartingSoon';
import { useRoom } from './room/RoomContext';
import { callTypeLabels, copy as text } from '../copy';
import { DeviceSettingsPanel } from './DeviceSettingsPanel';
import { DeviceToggle } from './DeviceButtons';
import { PermissionGuidance } from './PermissionGuidance';
import type { CallType } from '@mentoring/shared';

const MicrophoneLevel = () => {
  const { useMicrophoneState } = useCallStateHooks();
  const { mediaStream, isEnabled } = useMicrophoneState();
  const [level, setLevel] = useState(0);
  useEffect(() => {
    if (!mediaStream || !isEnabled || typeof AudioContext === 'undefined') return;
    // The stream belongs to the microphone manager: the detector must not stop it.
    const stop = createSoundDetector(mediaStream, (state) => setLevel(state.audioLevel), { destroyStreamOnStop: false });
    return () => void stop();
  }, [mediaStream, isEnabled]);
  return <meter className="lobby-mic-level" aria-label={text.lobby.micLevel} min={0} max={100} value={isEnabled ? level : 0} />;
};

export interface LobbyProps {
  onJoin: () => Promise<void>;
}

/** Whose call this is, once Stream has told us (a call not created yet, or hidden from guests, has no answer). */
const CallHost = () => {
  const { useCallCreatedBy } = useCallStateHooks();
  const createdBy = useCallCreatedBy();
  if (!createdBy?.name && !createdBy?.id) return null;
  return (
    <p className="lobby-host" data-testid="lobby-host">
      {text.lobby.hostedBy(createdBy.name || createdBy.id)}
    </p>
  );
};

/** Stream supports the current Chrome, Edge, Firefox and Safari; elsewhere a call may still work, so we only say so. */
const BrowserSupportNote = () => {
  const [supported, setSupported] = useState(true);
  useEffect(() => {
    let cancelled = false;
    Browsers.isSupportedBrowser()
      .then((result) => !cancelled && setSupported(result))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return supported ? null : <p className="lobby-browser-note">{text.lobby.unsupportedBrowser}</p>;
};

/** Camera preview, microphone level, device selection and the join button, before joining. */
export const Lobby = ({ onJoin }: LobbyProps) => {
  const call = useCall();
  const user = useConnectedUser();
  const [joining, setJoining] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const room = useRoom();
  const { useIsCallLive, useHasPermissions, useCallSettings, useCallBlockedUserIds } = useCallStateHooks();
  const live = useIsCallLive();
  const mayJoinBackstage = useHasPermissions(OwnCapability.JOIN_BACKSTAGE);
  const maySend = useHasPermissions(OwnCapability.SEND_AUDIO);
  const backstage = useCallSettings()?.backstage.enabled === true;
  // In backstage (a livestream or audio room not yet live) only the hosts may join; the others wait for it to go live.
  const waiting = backstage && !live && !mayJoinBackstage;
  // Stream refuses a blocked member's join: say why rather than offer a button that fails.
  const blocked = useCallBlockedUserIds().includes(user?.id ?? '');
  // A group session's audience watches and listens: no camera or microphone until the host brings them on stage.
  const devices = !room || maySend;

  // What the lobby shows (who made the call, backstage, live, own capabilities, who is blocked) is the call's state,
  // which a call not joined yet has only once asked for (a call not created yet, or hidden from guests, has no answer).
  useEffect(() => {
    if (call && !call.state.createdBy) call.get().catch(() => undefined);
  }, [call]);

  useEffect(() => {
    if (!call || !devices) return;
    // Audio rooms are audio only; the other types preview the camera as the call will publish it.
    if (call.type !== 'audio_room') call.camera.enable().catch((cause: unknown) => console.warn(cause));
    call.microphone.enable().catch((cause: unknown) => console.warn(cause));
  }, [call, devices]);

  if (!call) return null;
  const join = async () => {
    setJoining(true);
    setError(null);
    try {
      await onJoin();
    } catch (cause) {
      console.error(cause);
      setError(text.lobby.joinFailed);
      setJoining(false);
    }
  };

  return (
    <section className="lobby" aria-labelledby="lobby-title">
      <h2 id="lobby-title">{text.lobby.title}</h2>
      {!room && <p className="lobby-call-type">{callTypeLabels[call.type as CallType] ?? call.type}</p>}
      {!room && <CallHost />}
      {user && <p className="lobby-identity">{text.lobby.joiningAs(user.name || user.id)}</p>}
      {devices && (
        <>
          <div className="lobby-preview" data-testid="lobby-preview">
            {call.type !== 'audio_room' && <VideoPreview />}
          </div>
          <MicrophoneLevel />
          <div className="lobby-devices">
            <DeviceToggle device="microphone" />
            {call.type !== 'audio_room' && <DeviceToggle device="camera" />}
          </div>
          <PermissionGuidance />
        </>
      )}
      <BrowserSupportNote />
      {devices && <DeviceSettingsPanel />}
      {error && <p role="alert">{error}</p>}
      {blocked ? (
        <p role="status">{room ? text.room.removedLobby : text.exit.blocked}</p>
      ) : (
        <>
          {waiting && (room ? <StartingSoon room={room} /> : <p role="status">{text.lobby.notLive}</p>)}
          {room && backstage && !waiting && (live ? !mayJoinBackstage && <p role="status">{text.room.live}</p> : <p>{text.room.backstageLobby}</p>)}
          <button type="button" className="call-button call-button--primary" disabled={joining || waiting} onClick={join}>
            {joining ? text.lobby.joining : text.lobby.join}
          </button>
        </>
      )}
    </section>
  );
};
