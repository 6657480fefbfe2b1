import { ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { useStreamAvailability } from './availability';
import { useStreamConnection } from './context';
import { connectionCopy, type StreamService } from './copy';

/** That the service is not set up here at all: plain words for members (operators see the npm start banner). */
export const ServiceUnavailable = ({ service }: { service: StreamService }) => (
  <ErrorState title={connectionCopy[service].unavailableTitle}>
    <p>{connectionCopy[service].unavailableText}</p>
  </ErrorState>
);

/**
 * What a page shows until the Stream clients are connected: an indicator while connecting, that it is trying again
 * after a failed or unanswered attempt; once the retries have run out, what happened in a member's words for the service this page uses and a way to try again
 * (the technical reason is only logged); or that this stage has no Stream credentials.
 */
export const ConnectionNotice = ({ service }: { service: StreamService }) => {
  const connection = useStreamConnection();
  const failed = service === 'chat' ? connection.chatFailed : connection.failed;
  const retrying = service === 'chat' ? connection.chatRetrying : connection.retrying;
  const availability = useStreamAvailability();
  const copy = connectionCopy[service];
  // A stage without Stream credentials never connects: say so instead of "connecting" for ever.
  if (availability === 'missing') return <ServiceUnavailable service={service} />;
  if (!failed) return <LoadingState label={retrying ? copy.retrying : copy.connecting} />;
  return (
    <ErrorState title={copy.failedTitle} onRetry={connection.retry}>
      <p>{copy.failedText}</p>
    </ErrorState>
  );
};
