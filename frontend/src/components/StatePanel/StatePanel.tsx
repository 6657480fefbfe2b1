import type { ReactNode } from 'react';
import { Button } from '../Button/Button';
import styles from './StatePanel.module.css';

/**
 * What a page shows instead of its content while it loads, when it has nothing to show, or when it failed:
 * always a picture and words, and for empty and error states the next thing a member can do.
 */

export interface LoadingStateProps {
  /** What is being loaded, in words ("Loading your sessions"): screen readers hear it, everyone sees it. */
  label: string;
  /** Fills the page's height, for a page that has nothing else to show yet. */
  fill?: boolean;
}

export const LoadingState = ({ label, fill = false }: LoadingStateProps) => (
  <div role="status" className={styles.panel} data-fill={fill} data-state="loading">
    <span className={styles.spinner} aria-hidden="true" />
    <p className={styles.text}>{label}</p>
  </div>
);

export interface EmptyStateProps {
  title: string;
  /** What the emptiness means. */
  children?: ReactNode;
  /** The next thing to do: a link or button. */
  action?: ReactNode;
  icon?: ReactNode;
}

export const EmptyState = ({ title, children, action, icon }: EmptyStateProps) => (
  <div className={styles.panel} data-state="empty">
    <span className={styles.picture} aria-hidden="true">
      {icon ?? (
        <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M4 13l2.5-7h11L20 13v6H4v-6z" />
          <path d="M4 13h5l1 2h4l1-2h5" />
        </svg>
      )}
    </span>
    <h2 className={styles.title}>{title}</h2>
    {children && <div className={styles.text}>{children}</div>}
    {action && <div className={styles.action}>{action}</div>}
  </div>
);

export interface ErrorStateProps {
  title: string;
  /** What happened, in a member's words (never a status code or an exception). */
  children?: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
}

export const ErrorState = ({ title, children, onRetry, retryLabel = 'Try again' }: ErrorStateProps) => (
  <div role="alert" className={styles.panel} data-state="error">
    <span className={`${styles.picture} ${styles.errorPicture}`} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.5v.01" />
      </svg>
    </span>
    <h2 className={styles.title}>{title}</h2>
    {children && <div className={styles.text}>{children}</div>}
    {onRetry && (
      <div className={styles.action}>
        <Button variant="primary" onClick={onRetry}>
          {retryLabel}
        </Button>
      </div>
    )}
  </div>
);
