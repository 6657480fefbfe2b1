import { Link } from 'react-router';
import { AUDIENCE_LABELS } from '@mentoring/shared/group-sessions';
import { useDates } from '@/lib/member-zone';
import { useOwnProfile } from '@/lib/shared-api';
import { groupSessionPath, type GroupSession } from '../api';
import { copy } from '../copy';
import styles from '../group-sessions.module.css';
import { PublicSwitch } from './PublicSwitch';

/** One group session in a list: what, when (in the member's zone), who hosts, places, and the member's own place. */
export const GroupSessionCard = ({ session, heading = 'h2' }: { session: GroupSession; heading?: 'h2' | 'h3' }) => {
  const dates = useDates();
  const Heading = heading;
  const mine = copy.parts[session.part] ?? copy.place(session.place);
  const coordinator = useOwnProfile().data?.isCoordinator === true;
  return (
    <li className={styles.card}>
      <ul className={styles.badges} aria-label="About">
        <li className={styles.badge}>{copy.kinds[session.kind]}</li>
        {session.state !== 'scheduled' && (
          <li className={styles.badge} data-state={session.state}>
            {copy.states[session.state]}
          </li>
        )}
      </ul>
      <Heading>
        <Link to={groupSessionPath(session.id)}>{session.title}</Link>
      </Heading>
      <p className={styles.meta}>
        <time dateTime={session.startsAt}>{dates.dateTime(session.startsAt)}</time>
        {` · ${copy.form.minutes(session.durationMinutes)} · ${copy.host(session.host.displayName)}`}
      </p>
      <p className={styles.meta}>{[session.topics.join(', '), AUDIENCE_LABELS[session.audience], copy.places(session)].join(' · ')}</p>
      {mine && <p className={styles.place}>{mine}</p>}
      {coordinator && <PublicSwitch session={session} />}
    </li>
  );
};
