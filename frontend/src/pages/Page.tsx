import type { ReactNode } from 'react';
import styles from './Page.module.css';

export interface PageProps {
  eyebrow?: string;
  heading: ReactNode;
  lead: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A public page: a hero with its one h1, then content sections. Its document title is in its route's handle. */
export const Page = ({ eyebrow, heading, lead, actions, children }: PageProps) => {
  return (
    <>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.heading}>{heading}</h1>
          <p className={styles.lead}>{lead}</p>
          {actions && <div className={styles.actions}>{actions}</div>}
        </div>
      </section>
      <div className={styles.content}>{children}</div>
    </>
  );
};

export const Section = ({ heading, children, muted = false }: { heading: string; children: ReactNode; muted?: boolean }) => (
  <section className={muted ? `${styles.section} ${styles.muted}` : styles.section}>
    <div className={styles.sectionInner}>
      <h2>{heading}</h2>
      {children}
    </div>
  </section>
);

export const Cards = ({ children }: { children: ReactNode }) => <ul className={styles.cards}>{children}</ul>;

export const Card = ({ heading, children }: { heading: string; children: ReactNode }) => (
  <li className={styles.card}>
    <h3>{heading}</h3>
    {children}
  </li>
);

export const Steps = ({ children }: { children: ReactNode }) => <ol className={styles.steps}>{children}</ol>;

export const Prose = ({ children }: { children: ReactNode }) => <div className={styles.prose}>{children}</div>;
