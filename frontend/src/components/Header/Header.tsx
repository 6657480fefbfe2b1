import { useId, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { messages } from '@mentoring/shared/messages';
import { siteConfig } from '@/config/site-config';
import { HeaderAccount } from './HeaderAccount';
import { useDisclosure } from './useDisclosure';
import styles from './Header.module.css';

export const marketingLinks = [
  { to: '/about', label: 'About us' },
  { to: '/become-a-mentor', label: 'Become a mentor' },
  { to: '/volunteer', label: 'Volunteer' },
  { to: '/partnerships', label: 'Partnerships' },
] as const;

/** The mark; a container recolours it with --logo-disc and --logo-figure. */
export const Logo = ({ size = 32 }: { size?: number }) => (
  <svg aria-hidden="true" viewBox="0 0 32 32" width={size} height={size}>
    <circle cx="16" cy="16" r="16" style={{ fill: 'var(--logo-disc, var(--color-primary))' }} />
    <g style={{ fill: 'var(--logo-figure, #fff)', stroke: 'var(--logo-figure, #fff)' }}>
      <path d="M6 21c3-7 7-10 10-10s7 3 10 10" fill="none" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="11" cy="12" r="2.4" stroke="none" />
      <circle cx="21" cy="12" r="2.4" stroke="none" />
    </g>
  </svg>
);

/**
 * The header of every page. At 767px or less (MOBILE_BREAKPOINT_PX, the media queries in
 * Header.module.css) its links fold behind a Menu button.
 */
export const Header = ({ account = <HeaderAccount /> }: { account?: ReactNode }) => {
  const menuId = useId();
  const { open, toggle, buttonRef, panelRef: menuRef } = useDisclosure();

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand}>
          <Logo />
          <span className={styles.brandName}>{siteConfig.siteName}</span>
        </Link>
        <button
          ref={buttonRef}
          type="button"
          className={styles.menuButton}
          aria-expanded={open}
          aria-controls={menuId}
          onClick={toggle}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
            <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          {messages.header.menu}
        </button>
        <div id={menuId} ref={menuRef} className={styles.menu} data-open={open}>
          <nav aria-label="Main" className={styles.nav}>
            <ul className={styles.links}>
              {marketingLinks.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className={styles.link}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <a href={siteConfig.donationUrl} target="_blank" rel="noopener noreferrer" className={styles.link}>
                  Donate{' '}
                  <span className="visually-hidden">(opens in a new tab)</span>
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="14" height="14" className={styles.external}>
                    <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
                  </svg>
                </a>
              </li>
            </ul>
          </nav>
          {account}
        </div>
      </div>
    </header>
  );
};
