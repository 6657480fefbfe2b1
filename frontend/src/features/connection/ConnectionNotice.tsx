import { Button } from '../../components/Button/Button';
import { useStreamAvailability } from './availability';
import { useStreamConnection } from './context';

/**
 * What a page shows until the Stream clients are connected: a quiet "connecting" line, or — after a failed
 * attempt — a plain explanation and a way to try again (the technical reason is only logged), or that this
 * stage has no Stream credentials.
 */
// Members get plain words; operators see what to configure in the npm start banner (infra/local/start.ts).
export const STREAM_NOT_CONFIGURED = 'Chat and video calls are not available right now. Please try again later.';

export const ConnectionNotice = ({ connecting }: { connecting: string }) => {
  const { failed, retry } = useStreamConnection();
  const availability = useStreamAvailability();
  // A stage without Stream credentials never connects: say so instead of "connecting" for ever.
  if (availability === 'missing') return <p role="status">{STREAM_NOT_CONFIGURED}</p>;
  if (!failed) return <p role="status">{connecting}</p>;
  return (
    <div role="alert">
      <p>We could not connect to chat and video right now. Check your connection and try again.</p>
      <Button variant="secondary" onClick={retry}>
        Try again
      </Button>
    </div>
  );
};
