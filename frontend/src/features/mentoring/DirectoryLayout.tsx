import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useAuth } from '../auth/useAuth';
import { QueryProvider } from '../../lib/query';
import { LoadingState } from './components/States';
import pageStyles from './pages/Page.module.css';

// Members browse mentors inside their own area (navigation, call notifications); visitors never load it.
const SignedInArea = lazy(() => import('../../app/SignedInArea'));

/** The directory's frame: the member's area for members, the site's container for visitors. */
export const DirectoryLayout = () => {
  const { status } = useAuth();
  const loading = (
    <div className={pageStyles.publicFrame}>
      <LoadingState />
    </div>
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
      <div className={pageStyles.publicFrame}>
        <Outlet />
      </div>
    </QueryProvider>
  );
};

export default DirectoryLayout;
