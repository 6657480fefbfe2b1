import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { Button } from '../../../components/Button/Button';
import { copy } from '../copy';
import styles from './States.module.css';

/** What went wrong, in words, with a way to try again. */
export const ErrorState = ({ heading = copy.common.errorHeading, error, onRetry }: { heading?: string; error: unknown; onRetry?: () => void }) => (
  <div role="alert" className={styles.error}>
    <h2 className={styles.errorHeading}>{heading}</h2>
    <p>{errorMessage(error)}</p>
    {onRetry && (
      <Button variant="secondary" onClick={onRetry}>
        {copy.common.retry}
      </Button>
    )}
  </div>
);

/** A page's content while it loads: grey shapes in its layout, and the word for screen readers. */
export const LoadingState = ({ lines = 4 }: { lines?: number }) => (
  <div className={styles.loading} aria-busy="true">
    <p role="status" className="visually-hidden">
      {copy.common.loading}
    </p>
    {Array.from({ length: lines }, (_, index) => (
      <span key={index} className={styles.bar} style={{ width: `${90 - ((index * 17) % 40)}%` }} aria-hidden="true" />
    ))}
  </div>
);

export const Notice = ({ tone = 'info', children }: { tone?: 'info' | 'success' | 'warning' | 'danger'; children: ReactNode }) => (
  <div className={`${styles.notice} ${styles[tone]}`}>{children}</div>
);
