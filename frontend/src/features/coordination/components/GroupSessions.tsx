import { Link } from 'react-router';
import { DASHBOARD_GROUP_PAST_DAYS } from '@mentoring/shared/coordination';
import { useDates } from '@/lib/member-zone';
import { copy } from '../copy';
import { groupSessionColumns, type Dashboard, type GroupSessionRow } from '../lib/columns';
import { datedName } from '../lib/download';
import styles from '../pages/Coordination.module.css';
import { ExportButton } from './ExportButton';

const words = copy.dashboard.groups;

const Rows = ({ id, caption, rows, empty, held }: { id: string; caption: string; rows: readonly GroupSessionRow[]; empty: string; held: boolean }) => {
  const dates = useDates();
  if (rows.length === 0) {
    return (
      <div>
        <h3 id={id} className={styles.subheading}>
          {caption}
        </h3>
        <p className={styles.muted}>{empty}</p>
      </div>
    );
  }
  return (
    // Focusable, so a keyboard can scroll the table where it is wider than the screen.
    <div className={styles.tableScroll} role="region" aria-labelledby={id} tabIndex={0}>
      <h3 id={id} className={styles.subheading}>
          {caption}
        </h3>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{words.title}</th>
            <th scope="col">{words.host}</th>
            <th scope="col">{words.start}</th>
            <th scope="col">{words.places}</th>
            {held ? (
              <>
                <th scope="col">{words.came}</th>
                <th scope="col">{words.stayed}</th>
                <th scope="col">{words.rating}</th>
              </>
            ) : (
              <th scope="col">{words.waiting}</th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/group-sessions/${row.id}`}>{row.title}</Link>
                <span className={styles.muted}>{` · ${words.kinds[row.kind]} · ${words.states[row.state]}`}</span>
              </th>
              <td>{row.hostName}</td>
              <td>
                <time dateTime={row.startsAt}>{dates.dateTime(row.startsAt)}</time>
              </td>
              <td>{words.placesOf(row.taken, row.capacity)}</td>
              {held ? (
                <>
                  <td>{row.attended === null ? words.none : row.attended.toLocaleString('en-GB')}</td>
                  <td>{row.averageSeconds === null ? words.none : words.minutes(row.averageSeconds)}</td>
                  <td>{row.ratingAverage === null ? words.none : words.ratingOf(row.ratingAverage, row.ratingCount)}</td>
                </>
              ) : (
                <td>{row.waiting.toLocaleString('en-GB')}</td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
};

/** The snapshot's group sessions: those to come with their places, those over with who came and their ratings; one CSV of both. */
export const GroupSessions = ({ dashboard }: { dashboard: Dashboard }) => {
  const { upcoming, past } = dashboard.groupSessions;
  return (
    <section aria-labelledby="groups-heading" className={styles.card}>
      <div className={styles.sectionHeader}>
        <h2 id="groups-heading">{words.heading}</h2>
        <ExportButton
          label={`${copy.common.export}: ${words.export}`}
          run={() => ({ filename: datedName('group-sessions'), columns: groupSessionColumns, rows: [...upcoming, ...past] })}
        />
      </div>
      <p className={styles.muted}>{words.lead(DASHBOARD_GROUP_PAST_DAYS)}</p>
      <Rows id="groups-upcoming" caption={words.upcoming} rows={upcoming} empty={words.noneUpcoming} held={false} />
      <Rows id="groups-past" caption={words.past} rows={past} empty={words.nonePast} held />
    </section>
  );
};
