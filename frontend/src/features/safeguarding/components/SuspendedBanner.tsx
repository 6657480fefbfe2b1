import { useOwnProfile } from '@/lib/shared-api';
import { copy } from '../copy';
import styles from '../safeguarding.module.css';

/** Tells a suspended member, on every page, why changes are refused (the server refuses them regardless). */
export const SuspendedBanner = () => {
  const own = useOwnProfile();
  if (!own.data?.suspended) return null;
  return (
    <p className={styles.banner} role="status">
      {copy.banner}
    </p>
  );
};
