import { Button } from '../../components/Button/Button';
import { useStreamConnection } from './context';

/**
 * What a page shows until the Stream clients are connected: a quiet "connecting" line, or — after a failed
 * attempt — a plain explanation and a way to try again (the technical reason is only logged).
 */
export const ConnectionNotice = ({ connecting }: { connecting: string }) => {
  const { failed, retry } = useStreamConnection();
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
