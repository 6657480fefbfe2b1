import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@mentoring/shared/messages';
import type { MemberNavEntry } from '../member-nav';
import { siteConfig } from '@/config/site-config';
import { Logo } from '@/components/Header/Header';
import { useDisclosure } from '@/components/Header/useDisclosure';
import { Icon } from '@/components/Icon/Icon';
import styles from './MemberHeader.module.css';

export interface MemberHeaderProps {
  entries: readonly MemberNavEntry[];
  /** The entry of the page on show (the sidebar selection), marked as the current page. */
  current: string | null;
  member: { name: string; email: string };
  onSignOut: () => void;
  /** What sits beside the Menu and stays in the bar at every width (the notifications bell). */
  notifications?: ReactNode;
}

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');

/**
 * The account menu: the member's name opens it; it says who is signed in, and leads to the account page,
 * the public site and Sign out. On a phone the same items sit open inside the phone menu.
 */
const AccountMenu = ({ member, onSignOut }: Pick<MemberHeaderProps, 'member' | 'onSignOut'>) => {
  const panelId = useId();
  const { open, toggle, buttonRef, panelRef } = useDisclosure({ closeOnOutside: true });
  return (
    <div className={styles.account}>
      <button ref={buttonRef} type="button" className={styles.accountButton} aria-expanded={open} aria-controls={panelId} onClick={toggle}>
        <span className={styles.avatar} aria-hidden="true">
          {initials(member.name)}
        </span>
        <span className={styles.accountName} data-testid="header-user-name">
          {member.name}
        </span>
        <Icon name="chevronDown" size={16} />
      </button>
      <div id={panelId} ref={panelRef} className={styles.accountPanel} data-open={open}>
        <p className={styles.who}>
          <span className={styles.whoName}>{member.name}</span>
          <span className={styles.whoEmail}>{member.email}</span>
        </p>
        <ul className={styles.accountLinks}>
          <li>
            <Link to="/account" className={styles.accountLink}>
              <Icon name="user" size={18} />
              Your account
            </Link>
          </li>
          <li>
            <Link to="/" className={styles.accountLink}>
              <Logo size={18} />
              {siteConfig.siteName} website
            </Link>
          </li>
          <li>
            <button type="button" className={styles.accountLink} onClick={onSignOut}>
              <Icon name="signOut" size={18} />
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
};

/**
 * The header of the signed-in app: the logo leads to the member's Home, then their sections and the account
 * menu. At 767px or less (MOBILE_BREAKPOINT_PX) sections and account fold into one Menu, as in the public header,
 * listed top to bottom so every section stays in reach however many there are.
 */
export const MemberHeader = ({ entries, current, member, onSignOut, notifications }: MemberHeaderProps) => {
  const menuId = useId();
  const menu = useDisclosure();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/home" className={styles.brand}>
          <Logo />
          <span className={styles.brandName}>{siteConfig.siteName}</span>
        </Link>
        <button ref={menu.buttonRef} type="button" className={styles.menuButton} aria-expanded={menu.open} aria-controls={menuId} onClick={menu.toggle}>
          <Icon name={menu.open ? 'close' : 'menu'} />
          {messages.header.menu}
        </button>
        <div id={menuId} ref={menu.panelRef} className={styles.menu} data-open={menu.open}>
          <nav aria-label="Your sections" className={styles.nav}>
            <ul className={styles.sections}>
              {entries.map((entry) => (
                <li key={entry.path}>
                  {/* A Link, not a NavLink: a NavLink marks itself current by its path (a group session's room is under /calls). */}
                  <Link to={entry.path} className={styles.section} aria-current={current === entry.label ? 'page' : undefined}>
                    <Icon name={entry.icon} />
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <AccountMenu member={member} onSignOut={onSignOut} />
        </div>
        {notifications}
      </div>
    </header>
  );
};
