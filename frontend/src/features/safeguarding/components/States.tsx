import { ErrorState as Panel, LoadingState as Loading } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';

const LOADING_LABEL = 'Loading…';

export const LoadingState = () => <Loading label={LOADING_LABEL} />;

/** What went wrong, in the server's words, with a way to try again. */
export const ErrorState = ({ error, onRetry }: { error: unknown; onRetry: () => void }) => (
  <Panel title="Something went wrong" onRetry={onRetry}>
    <p>{errorMessage(error)}</p>
  </Panel>
);
