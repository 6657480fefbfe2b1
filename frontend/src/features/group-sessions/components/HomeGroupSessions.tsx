import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { groupSessionsQuery, type GroupSession } from '../api';
import { copy } from '../copy';
import styles from '../group-sessions.module.css';
import { GroupSessionCard } from './GroupSessionCard';

const DAY = 24 * 3_600_000;

/** The one to show on Home: the next one the member is part of, else the next one within two days. */
const pick = (sessions: readonly GroupSession[], now: number) =>
  sessions.find((session) => session.part !== 'none') ?? sessions.find((session) => Date.parse(session.startsAt) - now < 2 * DAY);

/** Home: a group session when one is soon or the member joined one; nothing otherwise. */
export const HomeGroupSessions = () => {
  const list = useQuery(groupSessionsQuery());
  const session = list.data ? pick(list.data.groupSessions, Date.now()) : undefined;
  if (!session) return null;
  return (
    <section className={styles.stack} aria-labelledby="home-group-sessions">
      <h2 id="home-group-sessions">{session.part !== 'none' ? `${copy.home.title}: ${copy.home.joined.toLowerCase()}` : `${copy.home.title}: ${copy.home.soon.toLowerCase()}`}</h2>
      <ul className={styles.list}>
        <GroupSessionCard session={session} heading="h3" />
      </ul>
      <Link to="/group-sessions">{copy.home.all}</Link>
    </section>
  );
};
