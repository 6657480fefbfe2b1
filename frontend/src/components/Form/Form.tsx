import type { ReactNode } from 'react';
import styles from './Form.module.css';

/** A dialog's buttons: at its end, the main one last, wrapping on a narrow screen. */
export const DialogActions = ({ children }: { children: ReactNode }) => <div className={styles.dialogActions}>{children}</div>;

/** A quiet note in a form or panel: a thing the member should know that is not an error. */
export const Notice = ({ children, role }: { children: ReactNode; role?: 'status' }) => (
  <p className={styles.notice} role={role}>
    {children}
  </p>
);
