import { useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { currentToasts, dismissToast, subscribeToastHosts, subscribeToasts, topToastHost, type ToastItem } from './toast';
import styles from './Toaster.module.css';

const ToastList = ({ items }: { items: readonly ToastItem[] }) =>
  items.map((item) => (
    <div key={item.id} className={`${styles.toast} ${styles[item.kind]}`}>
      <span>{item.message}</span>
      <button type="button" className={styles.dismiss} aria-label="Dismiss notification" onClick={() => dismissToast(item.id)}>
        <svg aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  ));

/**
 * Two live regions that stay in the DOM (so screen readers announce what is added to them): polite
 * for confirmations, assertive for errors.
 */
export const Toaster = () => {
  const items = useSyncExternalStore(subscribeToasts, currentToasts, currentToasts);
  const host = useSyncExternalStore(subscribeToastHosts, topToastHost, () => null);
  const viewport = (
    <div className={styles.viewport}>
      <div role="status" aria-live="polite" className={styles.region}>
        <ToastList items={items.filter((item) => item.kind === 'success')} />
      </div>
      <div role="alert" aria-live="assertive" className={styles.region}>
        <ToastList items={items.filter((item) => item.kind === 'error')} />
      </div>
    </div>
  );
  return host ? createPortal(viewport, host) : viewport;
};
