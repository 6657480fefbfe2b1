import { lazy, Suspense, useCallback, useEffect, useMemo } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { MemberHeader } from './MemberHeader/MemberHeader';
import { useAuth } from '../lib/auth/useAuth';
import { StreamConnectionProvider } from '../lib/stream';
import { useOwnProfile } from '../lib/shared-api';
import { mentorDirectoryRoutes } from '../features/mentoring/routes';
import { LazyCallNotifications } from '../features/video';
import { QueryProvider } from '../lib/query';
import { availableEntries, currentEntry, entriesForRole, memberNav, type MemberRole } from './member-nav';
import { Frame } from './PageShell';
import { signedInRoutes } from './signed-in-routes';
import { useSidebarSelection } from './sidebar';
import styles from './SignedInArea.module.css';
import { MentorActionsSlot } from '../features/mentoring/slots';
import { FeatureSlots } from './feature-slots';
import { SafeguardingProvider, SuspendedBanner } from '../features/safeguarding';
import { NotificationsBell } from '../features/notifications';

/**
 * Every signed-in page: the member's own header (their sections, the account menu) in the same frame and
 * container as the public pages, the member's one Stream connection (chat and video), and incoming-call
 * notifications wherever they are. Loaded lazily, so the public pages never carry the Stream SDKs.
 * The sections are narrowed to a mentee's, mentor's or coordinator's once the profile says which.
 */
// Only the directory shows it (to mentees): its own chunk, so the other signed-in pages do not carry it.
const RequestMentorshipButton = lazy(() => import('../features/mentorships/components/RequestMentorshipButton').then((module) => ({ default: module.RequestMentorshipButton })));

/** A mentee may ask any mentor they can see; the server decides whether the request stands. */
const RequestMentorship = ({ mentor }: { mentor: { id: string; displayName: string } }) => (
  <Suspense fallback={null}>
    <RequestMentorshipButton mentorId={mentor.id} mentorName={mentor.displayName} />
  </Suspense>
);

const MemberArea = () => {
  const own = useOwnProfile();
  const role: MemberRole | null = own.data?.isCoordinator ? 'coordinator' : (own.data?.profile?.role ?? null);
  const { user, signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { selection, setSelection } = useSidebarSelection();
  const entries = useMemo(() => availableEntries(entriesForRole(memberNav, role), [...signedInRoutes, ...mentorDirectoryRoutes]), [role]);

  // The selection follows the page, so a deep link or the back button marks the right section.
  const entry = currentEntry(entries, pathname);
  useEffect(() => {
    if (entry) setSelection(entry.label);
  }, [entry, setSelection]);

  // The account is gone: the session with it.
  const afterAccountDeleted = useCallback(() => {
    void signOut().finally(() => navigate('/'));
  }, [signOut, navigate]);

  const member = { name: user?.name ?? '', email: user?.email ?? '' };
  const header = (
    <MemberHeader
      entries={entries}
      current={entry ? selection : null}
      member={member}
      notifications={<NotificationsBell />}
      onSignOut={async () => {
        await signOut();
        navigate('/');
      }}
    />
  );
  return (
    <MentorActionsSlot.Provider value={role === 'mentee' ? RequestMentorship : null}>
      <SafeguardingProvider onAccountDeleted={afterAccountDeleted}>
        <StreamConnectionProvider mode="user">
          <Suspense fallback={null}>
            <LazyCallNotifications />
          </Suspense>
          <FeatureSlots>
            <Frame header={header}>
              <div className={styles.content}>
                <SuspendedBanner />
                <Outlet />
              </div>
            </Frame>
          </FeatureSlots>
        </StreamConnectionProvider>
      </SafeguardingProvider>
    </MentorActionsSlot.Provider>
  );
};

/** Server state is cached across the member's pages (TanStack Query), so the area provides it first. */
export const SignedInArea = () => (
  <QueryProvider>
    <MemberArea />
  </QueryProvider>
);

export default SignedInArea;
