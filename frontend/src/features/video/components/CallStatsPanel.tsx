import { CallStats } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';

/** The SDK's call statistics, loaded when a member opens them: most calls never do, and they are a chunk of their own. */
const CallStatsPanel = () => (
  <section className="call-panel" aria-label={text.controls.stats}>
    <CallStats />
  </section>
);

export default CallStatsPanel;
