import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Button } from '@/components/Button/Button';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import { zoneLabel } from '@/lib/datetime';
import { useSafetySlots } from '@/lib/safety-slots';
import { useAddressParams } from '@/lib/use-address-params';
import { ExportButton } from '../components/ExportButton';
import { membersPage } from '../api';
import { copy } from '../copy';
import { exportAllMembers } from '../lib/exports';
import styles from './Coordination.module.css';

const ROLES = ['all', 'mentor', 'mentee'] as const;

/** /coordinator/members: approved members, searched by name and filtered by role, a page at a time. */
export const MembersPage = () => {
  const { moderation } = useSafetySlots();
  const [params, , set] = useAddressParams();
  const role = (ROLES as readonly string[]).includes(params.get('role') ?? '') ? (params.get('role') as (typeof ROLES)[number]) : 'all';
  const q = params.get('q') ?? '';
  const query = { ...(role === 'all' ? {} : { role }), ...(q.trim() ? { q: q.trim() } : {}) };
  const list = useInfiniteQuery({
    queryKey: ['GET /api/coordinator/members', query],
    queryFn: ({ pageParam }) => membersPage(query, pageParam),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const members = list.data?.pages.flatMap((page) => page.members) ?? [];

  return (
    <div className={styles.page}>
      <PageHeader
        title={copy.members.heading}
        lead={copy.members.lead}
        actions={<ExportButton label={`${copy.common.export}: ${copy.members.heading.toLowerCase()}`} run={() => exportAllMembers(query)} />}
      />
      <form className={styles.filters} role="search" onSubmit={(event) => event.preventDefault()}>
        <label className={styles.field}>
          {copy.members.role}
          <select value={role} onChange={(event) => set('role', event.target.value, 'all')}>
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {copy.members.roles[option]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {copy.members.searchLabel}
          <input type="search" defaultValue={q} onChange={(event) => set('q', event.target.value, '')} />
        </label>
      </form>
      {list.isPending && <LoadingState label={copy.common.loading} />}
      {list.isError && (
        <ErrorState title={copy.common.errorHeading} onRetry={() => void list.refetch()}>
          {errorMessage(list.error)}
        </ErrorState>
      )}
      {list.isSuccess && (
        <>
          <p role="status" className={styles.muted}>
            {copy.members.count(members.length, list.hasNextPage)}
          </p>
          {members.length === 0 ? (
            <EmptyState title={copy.members.empty} />
          ) : (
            <ul className={styles.rows}>
              {members.map((member) => (
                <li key={member.id} className={`${styles.row} ${styles.memberRow}`}>
                  <div className={styles.memberMain}>
                    <p className={styles.rowTitle}>
                      <Link to={`/coordinator/members/${member.id}`}>{member.displayName}</Link> · {copy.members.roleNames[member.role]}
                    </p>
                    {member.headline && <p className={styles.answer}>{member.headline}</p>}
                    <p className={styles.muted}>
                      {member.matched ? copy.members.matched : copy.members.notMatched} · {zoneLabel(member.timezone)}
                      {member.topics.length ? ` · ${member.topics.join(', ')}` : ''}
                    </p>
                  </div>
                  {moderation && <div className={styles.memberActions}>{moderation({ id: member.id, displayName: member.displayName, suspended: member.suspended === true })}</div>}
                </li>
              ))}
            </ul>
          )}
          {list.hasNextPage && (
            <Button variant="secondary" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
              {copy.members.more}
            </Button>
          )}
        </>
      )}
    </div>
  );
};

export default MembersPage;
