import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { memberQuery } from '../api';
import { copy } from '../copy';
import { ProfileView } from '../components/ProfileView';
import { ErrorState, LoadingState } from '../components/States';
import { useViewer } from '../lib/viewer';
import pageStyles from './Page.module.css';
import styles from './Directory.module.css';

/** /coordinator/members/:id: any member's profile (a mentee's too), as a coordinator opens it from the members list. */
export const MemberPage = () => {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const member = useQuery(memberQuery(id));
  const backLink = (
    <p>
      <Link to="/coordinator/members" className={styles.back}>
        <span aria-hidden="true">← </span>
        {copy.memberPage.back}
      </Link>
    </p>
  );
  if (member.error instanceof ApiError && member.error.status === 404) {
    return (
      <div className={`${pageStyles.page} ${pageStyles.centered}`}>
        {backLink}
        <h1>{copy.memberPage.notFoundHeading}</h1>
        <p className={pageStyles.intro}>{copy.memberPage.notFoundText}</p>
      </div>
    );
  }
  return (
    <div className={pageStyles.page}>
      {backLink}
      {member.isPending && <LoadingState />}
      {member.isError && <ErrorState error={member.error} onRetry={() => void member.refetch()} />}
      {member.data && <ProfileView profile={member.data} viewerZone={viewer.zone} />}
    </div>
  );
};

export default MemberPage;
