import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

/** The top of a signed-in page: its one visible h1, in the one page-title size, a line about it, and actions. */
export const PageHeader = ({ title, lead, actions }: { title: ReactNode; lead?: ReactNode; actions?: ReactNode }) => (
  <div className={styles.header}>
    <div className={styles.text}>
      <h1 className={styles.title}>{title}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
    </div>
    {actions && <div className={styles.actions}>{actions}</div>}
  </div>
);
