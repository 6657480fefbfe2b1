import type { ReactNode } from 'react';
import styles from './Columns.module.css';

/** A page's main column and its side column: one above the other on a narrow screen, side by side (3 : 2) from 1024 px. */
export const Columns = ({ children }: { children: ReactNode }) => <div className={styles.columns}>{children}</div>;
