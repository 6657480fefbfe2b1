import { Suspense, useEffect } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { StreamConnectionProvider } from '../features/connection';
import { LazyCallNotifications } from '../features/video';
import { QueryProvider } from '../lib/query';
import { mentoringNavEntries, useVisibleNavEntries } from '../features/mentoring/nav';
import { useSidebarSelection } from './sidebar';
import styles from './SignedInArea.module.css';

/** The signed-in area's sidebar: its labels are the sidebar selection's values (default `Home`). */
export const sidebarEntries = [
  { label: 'Home', to: '/home' },
  ...mentoringNavEntries,
  { label: 'Mentorships', to: '/mentorships' },
  { label: 'Messages', to: '/messages' },
  { label: 'Calls', to: '/calls' },
  { label: 'Past sessions', to: '/sessions' },
  { label: 'Account', to: '/account' },
] as const;

const Sidebar = () => {
  const { selection, setSelection } = useSidebarSelection();
  const { pathname } = useLocation();
  const entries = useVisibleNavEntries(sidebarEntries);
  // The selection follows the page, so a deep link or the back button selects the right entry.
  useEffect(() => {
    const entry = sidebarEntries.find(({ to }) => pathname === to || pathname.startsWith(`${to}/`));
    if (entry) setSelection(entry.label);
  }, [pathname, setSelection]);
  return (
    <nav aria-label="Your area" className={styles.sidebar}>
      <ul className={styles.entries}>
        {entries.map(({ label, to }) => (
          <li key={to}>
            <NavLink to={to} className={styles.entry} aria-current={selection === label ? 'page' : undefined} onClick={() => setSelection(label)}>
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
};

/**
 * Every signed-in page: the member's one Stream connection (chat and video), incoming-call notifications
 * wherever they are, and the sidebar. Loaded lazily, so the public pages never carry the Stream SDKs.
 */
export const SignedInArea = () => (
  <QueryProvider>
    <StreamConnectionProvider mode="user">
      <Suspense fallback={null}>
        <LazyCallNotifications />
      </Suspense>
      <div className={styles.area}>
        <Sidebar />
        <div className={styles.content}>
          <Outlet />
        </div>
      </div>
    </StreamConnectionProvider>
  </QueryProvider>
);

export default SignedInArea;
