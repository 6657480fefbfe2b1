import { Suspense, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { MemberHeader } from '../components/MemberHeader/MemberHeader';
import { useAuth } from '../features/auth/useAuth';
import { StreamConnectionProvider } from '../features/connection';
import { LazyCallNotifications } from '../features/video';
import { availableEntries, currentEntry, entriesForRole, memberNav, type MemberRole } from './member-nav';
import { Frame } from './PageShell';
import { signedInRoutes } from './routes';
import { useSidebarSelection } from './sidebar';
import styles from './SignedInArea.module.css';

/**
 * Every signed-in page: the member's own header (their sections, the account menu) in the same frame and
 * container as the public pages, the member's one Stream connection (chat and video), and incoming-call
 * notifications wherever they are. Loaded lazily, so the public pages never carry the Stream SDKs.
 * `role` narrows the sections to a mentee's, mentor's or coordinator's once the profile API says which.
 */
export const SignedInArea = ({ role }: { role?: MemberRole | null }) => {
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { selection, setSelection } = useSidebarSelection();
  const entries = useMemo(() => availableEntries(entriesForRole(memberNav, role), signedInRoutes), [role]);

  // The selection follows the page, so a deep link or the back button marks the right section.
  const entry = currentEntry(entries, pathname);
  useEffect(() => {
    if (entry) setSelection(entry.label);
  }, [entry, setSelection]);

  const member = { name: user?.name ?? '', email: user?.email ?? '' };
  const header = (
    <MemberHeader
      entries={entries}
      current={entry ? selection : null}
      member={member}
      onSignOut={async () => {
        await signOut();
        navigate('/');
      }}
    />
  );
  return (
    <StreamConnectionProvider mode="user">
      <Suspense fallback={null}>
        <LazyCallNotifications />
      </Suspense>
      <Frame header={header}>
        <div className={styles.content}>
          <Outlet />
        </div>
      </Frame>
    </StreamConnectionProvider>
  );
};

export default SignedInArea;
