import { useEffect, useMemo, useRef, useState } from 'react';
import { OwnCapability, hasAudio, hasVideo, useCall, useCallStateHooks, type Call, type StreamVideoParticipant } from '@stream-io/video-react-sdk';
import { copy as text } from '@/features/video/copy';
import { Gate } from '../Gate';
import { useCallAction } from '../useCallAction';
import { handsInCall, lowerHand, raiseHand, type RaisedHand } from './handQueue';

type StagePermission = 'send-audio' | 'send-video';

/** Coming on stage: the voice in an open circle (audio_room), voice and camera in a workshop (livestream). */
const stagePermissions = (type: string): StagePermission[] => (type === 'livestream' ? ['send-audio', 'send-video'] : ['send-audio']);

const words = (type: string) => text.room.hands[type === 'livestream' ? 'livestream' : 'audio_room'];

/** Roles that are on stage by the call's members, not by a raised hand. */
const STAGE_ROLES = ['admin', 'host', 'speaker'];
const onStageByRole = (participant: StreamVideoParticipant) => participant.roles.some((role) => STAGE_ROLES.includes(role));

/** Once brought on stage, the member's microphone (and camera, in a workshop) turn on: that is what they asked for. */
const turnOnStageDevices = (call: Call) => {
  call.microphone.enable().catch((cause: unknown) => console.warn(cause));
  if (call.type === 'livestream') call.camera.enable().catch((cause: unknown) => console.warn(cause));
};

/** A member in the audience raises a hand (Stream's permission request), where the call allows asking. */
export const RaiseHand = () => {
  const call = useCall();
  const { useHasPermissions, useCallSettings } = useCallStateHooks();
  const settings = useCallSettings();
  const onStage = useHasPermissions(OwnCapability.SEND_AUDIO);
  const [raised, setRaised] = useState(false);
  const [broughtOn, setBroughtOn] = useState(false);
  const asked = useRef(false);
  const { busy, error, run } = useCallAction();

  useEffect(() => {
    if (!call) return;
    if (!onStage) {
      setBroughtOn(false);
      return;
    }
    setRaised(false);
    if (asked.current) {
      turnOnStageDevices(call);
      setBroughtOn(true);
    }
    asked.current = false;
  }, [onStage, call]);

  if (!call) return null;
  const say = words(call.type);
  if (onStage) return broughtOn ? <p role="status">{say.onStage}</p> : null;
  const askable = stagePermissions(call.type).filter((permission) => call.permissionsContext.canRequest(permission, settings));
  if (!askable.length) return call.type === 'audio_room' ? <p>{text.audioRoom.listener}</p> : null;
  return (
    <div className="room-hand">
      {raised ? (
        <p role="status">{say.raised}</p>
      ) : (
        <button
          type="button"
          className="call-button call-button--primary"
          disabled={busy}
          onClick={() =>
            run(async () => {
              await call.requestPermissions({ permissions: askable });
              asked.current = true;
              setRaised(true);
            })
          }
        >
          {say.raise}
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </div>
  );
};

/** The hands raised since the host joined, in arrival order (Stream's `call.permission_request`), for those who may grant. */
const useRaisedHands = (call: Call | undefined) => {
  const [queue, setQueue] = useState<RaisedHand[]>([]);
  useEffect(() => {
    if (!call) return;
    return call.on('call.permission_request', (event) => {
      setQueue((current) => raiseHand(current, { userId: event.user.id, name: event.user.name || event.user.id, permissions: event.permissions }));
    });
  }, [call]);
  return [queue, setQueue] as const;
};

/**
 * The host's side of the stage: the queue of raised hands (bring on stage, or dismiss), and those the audience put on
 * stage (take off stage). Only for members who may update others' permissions.
 */
const HostStage = ({ call }: { call: Call }) => {
  const { useParticipants } = useCallStateHooks();
  const participants = useParticipants();
  const [queue, setQueue] = useRaisedHands(call);
  const [granted, setGranted] = useState<ReadonlySet<string>>(new Set());
  const { busy, error, run } = useCallAction();
  const present = useMemo(() => new Set(participants.map((participant) => participant.userId)), [participants]);
  const hands = handsInCall(queue, present);
  const fromAudience = participants.filter(
    (participant) => !participant.isLocalParticipant && !onStageByRole(participant) && (granted.has(participant.userId) || hasAudio(participant) || hasVideo(participant)),
  );
  const say = words(call.type);

  const bringOnStage = (hand: RaisedHand) =>
    run(async () => {
      await call.grantPermissions(hand.userId, hand.permissions);
      setQueue((current) => lowerHand(current, hand.userId));
      setGranted((current) => new Set([...current, hand.userId]));
    });
  const takeOffStage = (userId: string) =>
    run(async () => {
      await call.revokePermissions(userId, stagePermissions(call.type));
      setGranted((current) => new Set([...current].filter((each) => each !== userId)));
    });

  return (
    <>
      <section className="room-hands" aria-labelledby="room-hands-title">
        <h2 id="room-hands-title">{say.queue(hands.length)}</h2>
        {hands.length === 0 ? (
          <p>{text.room.noHands}</p>
        ) : (
          <ol>
            {hands.map((hand) => (
              <li key={hand.userId}>
                <span>{hand.name}</span>
                <button type="button" className="call-button call-button--primary" disabled={busy} onClick={() => bringOnStage(hand)}>
                  {say.grant(hand.name)}
                </button>
                <button type="button" className="call-button" disabled={busy} onClick={() => setQueue((current) => lowerHand(current, hand.userId))}>
                  {text.room.dismiss(hand.name)}
                </button>
              </li>
            ))}
          </ol>
        )}
      </section>
      {fromAudience.length > 0 && (
        <section className="room-hands" aria-labelledby="room-on-stage-title">
          <h2 id="room-on-stage-title">{say.onStageList}</h2>
          <ul>
            {fromAudience.map((participant) => {
              const name = participant.name || participant.userId;
              return (
                <li key={participant.sessionId}>
                  <span>{name}</span>
                  <button type="button" className="call-button" disabled={busy} onClick={() => takeOffStage(participant.userId)}>
                    {say.revoke(name)}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {error && <p role="alert">{error}</p>}
    </>
  );
};

/** Workshops and open circles: the audience raises hands; those who may grant answer them in order. */
export const StagePanel = () => {
  const call = useCall();
  if (!call) return null;
  return (
    <div className="room-stage-panel">
      <RaiseHand />
      <Gate can={[OwnCapability.UPDATE_CALL_PERMISSIONS]}>
        <HostStage call={call} />
      </Gate>
    </div>
  );
};
