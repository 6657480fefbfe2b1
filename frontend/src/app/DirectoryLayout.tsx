import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '../components/StatePanel/StatePanel';
import { useAuth } from '../lib/auth/useAuth';
import { QueryProvider } from '../lib/query';
import { DefaultLayout } from './PageShell';
import styles from './DirectoryLayout.module.css';

// Members browse mentors inside their own area (navigation, call notifications); visitors never load it.
const SignedInArea = lazy(() => import('./SignedInArea'));

/**
 * The directory's frame (its routes bring their own layout): the member's area for members, the public
 * site's header, container and footer for visitors, who may browse when the programme's directory is public.
 */
export const DirectoryLayout = () => {
  const { status } = useAuth();
  const loading = (
    <DefaultLayout>
      <LoadingState label="Opening the page…" fill />
    </DefaultLayout>
  );
  if (status === 'loading') return loading;
  if (status === 'signedIn') {
    return (
      <Suspense fallback={loading}>
        <SignedInArea />
      </Suspense>
    );
  }
  return (
    <QueryProvider>
      <DefaultLayout>
        <div className={styles.content}>
          <Outlet />
        </div>
      </DefaultLayout>
    </QueryProvider>
  );
};

export default DirectoryLayout;
