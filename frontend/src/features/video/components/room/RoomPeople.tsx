import { OwnCapability, hasAudio, hasVideo, useCall, useCallStateHooks, type StreamVideoParticipant } from '@stream-io/video-react-sdk';
import { copy as text } from '@/features/video/copy';
import { useCallAction } from '../useCallAction';

/** The first stage role a participant holds (admin, host, speaker), as the room names it; none for the audience. */
export const stageRole = (roles: readonly string[]) => ['admin', 'host', 'speaker'].find((role) => roles.includes(role));

/** On stage: a stage role, or seen or heard (one of the audience the host brought on stage). */
export const onStage = (participant: StreamVideoParticipant) => stageRole(participant.roles) !== undefined || hasAudio(participant) || hasVideo(participant);

/**
 * Who is in the call, in the stage's order, with each one's stage role. Those whose capabilities allow it mute a
 * participant's microphone (Stream's mute_users) or remove them from the session (Stream's block: they leave and
 * cannot join again); nobody else is offered either.
 */
export const RoomPeople = () => {
  const call = useCall();
  const { useParticipants, useHasPermissions } = useCallStateHooks();
  const participants = useParticipants();
  const canMute = useHasPermissions(OwnCapability.MUTE_USERS);
  const canRemove = useHasPermissions(OwnCapability.BLOCK_USERS);
  const { busy, error, run } = useCallAction();
  if (!call) return null;
  return (
    <section className="call-panel call-panel--light room-people" aria-labelledby="room-people-title">
      <h2 id="room-people-title">{text.room.inCall(participants.length)}</h2>
      <ul>
        {participants.map((participant) => {
          const name = participant.name || participant.userId;
          const role = stageRole(participant.roles);
          const other = !participant.isLocalParticipant;
          return (
            <li key={participant.sessionId} data-user-id={participant.userId}>
              <span className="room-people__name">
                {name}
                {participant.isLocalParticipant && ` (${text.room.you})`}
                {role && <span className="room-role"> {text.room.roles[role]}</span>}
              </span>
              {other && canMute && hasAudio(participant) && (
                <button type="button" className="call-button" disabled={busy} onClick={() => run(() => call.muteUser(participant.userId, 'audio'))}>
                  {text.room.mute(name)}
                </button>
              )}
              {other && canRemove && role === undefined && (
                <button type="button" className="call-button call-button--danger" disabled={busy} onClick={() => run(() => call.blockUser(participant.userId))}>
                  {text.room.remove(name)}
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {error && <p role="alert">{error}</p>}
    </section>
  );
};
