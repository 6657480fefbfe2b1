import { useEffect, type ReactNode } from 'react';
import { pageTitle } from '../app/site-config';
import styles from './Page.module.css';

/** Sets the document title while the page is shown. */
export const useDocumentTitle = (title?: string) => {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
};

export interface PageProps {
  /** The document title; the home page leaves it out to get the bare site name. */
  title?: string;
  eyebrow?: string;
  heading: ReactNode;
  lead: ReactNode;
  actions?: ReactNode;
  children?: ReactNode;
}

/** A public page: a hero with its one h1, then content sections. */
export const Page = ({ title, eyebrow, heading, lead, actions, children }: PageProps) => {
  useDocumentTitle(title);
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
