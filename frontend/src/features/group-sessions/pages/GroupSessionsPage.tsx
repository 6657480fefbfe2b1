import { useId, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AUDIENCE_LABELS, GROUP_AUDIENCES, GROUP_SESSION_KINDS } from '@mentoring/shared/group-sessions';
import { Button } from '@/components/Button/Button';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import { useOwnProfile } from '@/lib/shared-api';
import { groupSessionsQuery, programmeQuery, type GroupFilter } from '../api';
import { GroupSessionCard } from '../components/GroupSessionCard';
import { ScheduleForm } from '../components/ScheduleForm';
import { copy } from '../copy';
import styles from '../group-sessions.module.css';

const DAY = 24 * 3_600_000;

/** Whether the member may schedule: a coordinator, or an approved mentor (the server decides again). */
export const useMaySchedule = () => {
  const own = useOwnProfile().data;
  const mentor = own?.profile?.role === 'mentor' && own.approval?.state === 'approved' && !own.suspended;
  return { may: Boolean(own?.isCoordinator || mentor), mentor };
};

/** /group-sessions: upcoming workshops and open circles the member may join, filtered, in the member's zone. */
export const GroupSessionsPage = () => {
  const id = useId();
  const [topic, setTopic] = useState('');
  const [kind, setKind] = useState('');
  const [audience, setAudience] = useState('');
  const [days, setDays] = useState('');
  const [scheduling, setScheduling] = useState(false);
  const { may, mentor } = useMaySchedule();
  const topics = useQuery(programmeQuery()).data?.topics ?? [];
  // The window's end is fixed when the filter is chosen, so the query's key does not change on every render.
  const to = useMemo(() => (days ? new Date(Date.now() + Number(days) * DAY).toISOString() : undefined), [days]);
  const filter: GroupFilter = {
    ...(topic ? { topic } : {}),
    ...(kind ? { kind: kind as GroupFilter['kind'] } : {}),
    ...(audience ? { audience: audience as GroupFilter['audience'] } : {}),
    ...(to ? { to } : {}),
  };
  const list = useQuery(groupSessionsQuery(filter));
  const filtered = Object.keys(filter).length > 0;

  return (
    <>
      <PageHeader title={copy.title} lead={copy.lead} actions={may ? <Button onClick={() => setScheduling(true)}>{copy.schedule}</Button> : undefined} />
      <div className={styles.stack}>
        <fieldset className={styles.filters}>
          <legend>{copy.filters.legend}</legend>
          <div className={styles.field}>
            <label htmlFor={`${id}-topic`}>{copy.filters.topic}</label>
            <select id={`${id}-topic`} className={styles.input} value={topic} onChange={(event) => setTopic(event.target.value)}>
              <option value="">{copy.filters.any}</option>
              {topics.map((each) => (
                <option key={each}>{each}</option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-kind`}>{copy.filters.kind}</label>
            <select id={`${id}-kind`} className={styles.input} value={kind} onChange={(event) => setKind(event.target.value)}>
              <option value="">{copy.filters.any}</option>
              {GROUP_SESSION_KINDS.map((each) => (
                <option key={each} value={each}>
                  {copy.kinds[each]}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-audience`}>{copy.filters.audience}</label>
            <select id={`${id}-audience`} className={styles.input} value={audience} onChange={(event) => setAudience(event.target.value)}>
              <option value="">{copy.filters.any}</option>
              {GROUP_AUDIENCES.map((each) => (
                <option key={each} value={each}>
                  {AUDIENCE_LABELS[each]}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-when`}>{copy.filters.when}</label>
            <select id={`${id}-when`} className={styles.input} value={days} onChange={(event) => setDays(event.target.value)}>
              <option value="">{copy.filters.any}</option>
              <option value="7">{copy.filters.week}</option>
              <option value="30">{copy.filters.month}</option>
            </select>
          </div>
        </fieldset>
        {list.error ? (
          <ErrorState title={copy.failed} onRetry={() => void list.refetch()}>
            <p>{errorMessage(list.error)}</p>
          </ErrorState>
        ) : list.isPending ? (
          <LoadingState label={copy.loading} />
        ) : list.data.groupSessions.length === 0 ? (
          <EmptyState title={filtered ? copy.noneFiltered : copy.none}>
            <p>{copy.noneText}</p>
          </EmptyState>
        ) : (
          <ul className={styles.list} aria-label={copy.title}>
            {list.data.groupSessions.map((session) => (
              <GroupSessionCard key={session.id} session={session} />
            ))}
          </ul>
        )}
      </div>
      {may && <ScheduleForm open={scheduling} onClose={() => setScheduling(false)} mentor={mentor} />}
    </>
  );
};

export default GroupSessionsPage;
