import { DefaultParticipantViewUI, OwnCapability, useCall, useCallStateHooks, useParticipantViewContext } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';
import { stageRole } from './room/RoomPeople';

/** Pin a participant for yourself, or for everyone where the call lets you, with buttons that say so. */
const PinControls = () => {
  const call = useCall();
  const { participant } = useParticipantViewContext();
  const { useHasPermissions } = useCallStateHooks();
  const canPinForEveryone = useHasPermissions(OwnCapability.PIN_FOR_EVERYONE);
  if (!call) return null;
  const name = participant.name || participant.userId;
  const pinned = Boolean(participant.pin);
  const target = { user_id: participant.userId, session_id: participant.sessionId };
  const act = (action: () => unknown) => {
    Promise.resolve()
      .then(action)
      .catch((cause: unknown) => console.warn(cause));
  };
  return (
    <div className="call-tile-pins">
      <button type="button" className="call-button" aria-pressed={pinned} onClick={() => act(() => (pinned ? call.unpin(participant.sessionId) : call.pin(participant.sessionId)))}>
        {pinned ? text.tiles.unpin(name) : text.tiles.pin(name)}
      </button>
      {canPinForEveryone && !pinned && (
        <button type="button" className="call-button" onClick={() => act(() => call.pinForEveryone(target))}>
          {text.tiles.pinForEveryone(name)}
        </button>
      )}
    </div>
  );
};

/** On a stage sorted by role, the role that put a participant first (host, speaker), in words on the tile. */
const RoleBadge = () => {
  const { participant } = useParticipantViewContext();
  const role = stageRole(participant.roles);
  return role ? <span className="call-tile-role">{text.room.roles[role]}</span> : null;
};

/**
 * A participant's tile: Stream's name, indicators, reaction and speech ring, without its per-tile menu, whose "…"
 * toggle has no accessible name; pinning is offered by our own named buttons instead.
 */
export const TileUi = ({ showRole = false }: { showRole?: boolean }) => (
  <>
    <DefaultParticipantViewUI showMenuButton={false} />
    {showRole && <RoleBadge />}
    <PinControls />
  </>
);
