import { useQuery } from '@tanstack/react-query';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { mentorQuery } from '../api';
import { copy } from '../copy';
import { ProfileView } from '../components/ProfileView';
import { ErrorState, LoadingState } from '../components/States';
import { useDirectoryGate, useViewer } from '../lib/viewer';
import { MembersOnly } from './MembersOnly';
import pageStyles from './Page.module.css';
import styles from './Directory.module.css';
import { MentorActionsSlot } from '../slots';
import { useSafetySlots } from '@/lib/safety-slots';

/** /mentors/:id: a mentor's profile, times shown in the viewer's zone, with the actions other features put in its slots (a request, a block). */
export const MentorPage = () => {
  const { id = '' } = useParams();
  const location = useLocation();
  const viewer = useViewer();
  const { memberActions } = useSafetySlots();
  const gate = useDirectoryGate(viewer);
  const mentor = useQuery({ ...mentorQuery(id), enabled: gate.mayAsk });
  // Back to the directory with the filters the member came from, when they came from it.
  const back = (location.state as { from?: string } | null)?.from ?? '/mentors';

  const backLink = (
    <p>
      <Link to={back} className={styles.back}>
        <span aria-hidden="true">← </span>
        {copy.mentorPage.back}
      </Link>
    </p>
  );

  if (gate.gated || (mentor.error instanceof ApiError && mentor.error.status === 401 && !viewer.signedIn)) return <MembersOnly next={location.pathname} />;
  if (mentor.error instanceof ApiError && mentor.error.status === 404) {
    return (
      <div className={`${pageStyles.page} ${pageStyles.centered}`}>
        {backLink}
        <h1>{copy.mentorPage.notFoundHeading}</h1>
        <p className={pageStyles.intro}>{copy.mentorPage.notFoundText}</p>
      </div>
    );
  }
  return (
    <div className={pageStyles.page}>
      {backLink}
      {mentor.isPending && <LoadingState />}
      {mentor.isError && <ErrorState error={mentor.error} onRetry={() => void mentor.refetch()} />}
      {mentor.data && <ProfileView profile={mentor.data} viewerZone={viewer.zone} />}
      {mentor.data && <MentorActionsSlot.Slot mentor={mentor.data} />}
      {mentor.data && viewer.signedIn && mentor.data.id !== viewer.userId && memberActions?.({ id: mentor.data.id, displayName: mentor.data.displayName })}
    </div>
  );
};

export default MentorPage;
