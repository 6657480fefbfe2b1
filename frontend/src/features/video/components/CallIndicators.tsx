import { copy as text } from '../copy';
import { useCallFeatureFlags } from './useCallFeatureFlags';

/** Shown to every participant while the call is recorded, transcribed, captioned, broadcast or backstage. */
export const CallIndicators = () => {
  const { recording, transcribing, captioning, broadcasting, live } = useCallFeatureFlags();
  const flags: [boolean, string][] = [
    [recording, text.indicators.recording],
    [transcribing, text.indicators.transcribing],
    [captioning, text.indicators.captioning],
    [broadcasting, text.indicators.broadcasting],
  ];
  const active = flags.filter(([on]) => on).map(([, label]) => label);
  return (
    <ul className="call-indicators" aria-label="Call status">
      {active.map((label) => (
        <li key={label} className="call-indicator" role="status">
          <span aria-hidden="true">●</span> {label}
        </li>
      ))}
      <li className="call-indicator call-indicator--live" data-live={live}>
        {live ? text.indicators.live : text.indicators.backstage}
      </li>
    </ul>
  );
};
