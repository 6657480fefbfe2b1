import { useCallStateHooks } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';
import { useCallFeatureFlags } from './useCallFeatureFlags';
import { useRoom } from './room/RoomContext';
import { onStage } from './room/RoomPeople';

/**
 * Shown to every participant while the call is recorded, transcribed, captioned, broadcast or backstage. The audience
 * of a group session was never asked (only those on stage are recorded), so it reads in words that the session is.
 */
export const CallIndicators = () => {
  const { recording, transcribing, captioning, broadcasting, live } = useCallFeatureFlags();
  const room = useRoom();
  const local = useCallStateHooks().useLocalParticipant();
  const audience = room !== null && local !== undefined && !onStage(local);
  const flags: [boolean, string][] = [
    [recording, audience ? text.room.recorded : text.indicators.recording],
    [transcribing, audience ? text.room.transcribed : text.indicators.transcribing],
    [captioning, text.indicators.captioning],
    [broadcasting, text.indicators.broadcasting],
  ];
  const active = flags.filter(([on]) => on).map(([, label]) => label);
  return (
    <ul className="call-indicators" aria-label="Call status">
      {active.map((label) => (
        // The status inside the item: an item that is itself a status is no list item, and the list breaks.
        <li key={label} className="call-indicator">
          <span role="status">
            <span aria-hidden="true">●</span> {label}
          </span>
        </li>
      ))}
      <li className="call-indicator call-indicator--live" data-live={live}>
        {live ? text.indicators.live : text.indicators.backstage}
      </li>
    </ul>
  );
};
