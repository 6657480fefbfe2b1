import type { ReactNode } from 'react';
import { ErrorState as ErrorPanel, LoadingState as LoadingPanel } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import { copy } from '../copy';
import styles from './States.module.css';

/** The shared error panel with this feature's words: what went wrong, in the server's words, and a retry. */
export const ErrorState = ({ heading = copy.common.errorHeading, error, onRetry }: { heading?: string; error: unknown; onRetry?: () => void }) => (
  <ErrorPanel title={heading} onRetry={onRetry} retryLabel={copy.common.retry}>
    <p>{errorMessage(error)}</p>
  </ErrorPanel>
);

/** The shared loading panel with this feature's words. */
export const LoadingState = () => <LoadingPanel label={copy.common.loading} />;

export const Notice = ({ tone = 'info', children }: { tone?: 'info' | 'success' | 'warning' | 'danger'; children: ReactNode }) => (
  <div className={`${styles.notice} ${styles[tone]}`}>{children}</div>
);
