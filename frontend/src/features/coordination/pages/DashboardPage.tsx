import { useEffect, useState } from 'react';
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MENTORSHIP_STATES } from '@mentoring/shared/mentorship';
import { Button } from '@/components/Button/Button';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { ApiError, errorMessage } from '@/lib/api-client';
import { allAttention, DASHBOARD_KEY, dashboardPage, refreshDashboard } from '../api';
import { LazyBarChart } from '../components/Charts';
import { ExportButton } from '../components/ExportButton';
import { GroupSessions } from '../components/GroupSessions';
import { age } from '@/lib/datetime';
import { copy, duration } from '../copy';
import { useDates } from '@/lib/member-zone';
import { attentionColumns, type AttentionRow, type Dashboard } from '../lib/columns';
import { exportAllFeedback, exportAllMembers, exportAllMentorships } from '../lib/exports';
import { datedName } from '../lib/download';
import styles from './Coordination.module.css';

const STATE_LABELS: Record<string, string> = {
  REQUESTED: 'Requested',
  PROPOSED: 'Proposed',
  ACTIVE: 'Active',
  SUSPENDED: 'Suspended',
  COMPLETED: 'Completed',
  ENDED: 'Ended early',
  DECLINED: 'Declined',
  WITHDRAWN: 'Withdrawn',
  EXPIRED: 'Expired',
  INVALIDATED: 'Invalidated',
};

const AttentionItem = ({ item }: { item: AttentionRow }) => {
  const dates = useDates();
  return (
    <li className={styles.attentionItem} data-level={item.level}>
      <span className={styles.level}>{copy.dashboard.levels[item.level]}</span>
      <div className={styles.attentionText}>
        <Link to={item.link} className={styles.attentionLink}>
          {item.title}
        </Link>
        <span className={styles.muted}>
          {copy.dashboard.kinds[item.kind]} · {copy.dashboard.since(dates.date(item.since))}
        </span>
      </div>
    </li>
  );
};

interface AttentionProps {
  dashboard: Dashboard;
  /** The rows loaded so far (pages of the snapshot's list). */
  rows: readonly AttentionRow[];
  more?: { onClick: () => void; busy: boolean };
}

const Attention = ({ dashboard, rows, more }: AttentionProps) => (
  <section aria-labelledby="attention-heading" className={styles.card}>
    <div className={styles.sectionHeader}>
      <h2 id="attention-heading">
        {copy.dashboard.attentionHeading} <span className={styles.count}>({copy.dashboard.attentionCount(dashboard.attentionTotal)})</span>
      </h2>
      <ExportButton
        label={`${copy.common.export}: ${copy.dashboard.attentionHeading.toLowerCase()}`}
        run={async () => ({ filename: datedName('needs-attention'), columns: attentionColumns, rows: await allAttention() })}
      />
    </div>
    <ul className={styles.kindCounts} aria-label={copy.dashboard.attentionHeading}>
      {Object.entries(dashboard.attentionCounts).map(([kind, count]) => (
        <li key={kind}>
          <strong>{count}</strong> {copy.dashboard.kindCount(kind as keyof typeof copy.dashboard.kinds, count)}
        </li>
      ))}
    </ul>
    {rows.length === 0 ? (
      <EmptyState title={copy.dashboard.attentionEmpty}>{copy.dashboard.attentionEmptyText}</EmptyState>
    ) : (
      <>
        <ol className={styles.attentionList}>
          {rows.map((item) => (
            <AttentionItem key={item.key} item={item} />
          ))}
        </ol>
        <p role="status" className={styles.muted}>
          {copy.dashboard.shown(rows.length, dashboard.attentionTotal)}
        </p>
        {more && (
          <Button variant="secondary" onClick={more.onClick} disabled={more.busy}>
            {copy.dashboard.more}
          </Button>
        )}
      </>
    )}
  </section>
);

/** The time now, again every half minute: "Updated 3 minutes ago" keeps counting while the page is open. */
const useNow = () => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
};

/** How old the snapshot is, and "Refresh now" (the server refuses a second refresh within 30 s, in words). */
const Freshness = ({ generatedAt, onRefreshed }: { generatedAt: string; onRefreshed: (page: Dashboard) => void }) => {
  const now = useNow();
  const dates = useDates();
  const refresh = useMutation({ mutationFn: refreshDashboard, onSuccess: onRefreshed });
  return (
    <div className={styles.sectionHeader}>
      <p className={styles.muted}>
        <time dateTime={generatedAt} title={dates.dateTime(generatedAt)}>
          {copy.dashboard.updated(age(generatedAt, now))}
        </time>
      </p>
      <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
        {refresh.isPending ? copy.dashboard.refreshing : copy.dashboard.refresh}
      </Button>
      <p role="status" className={styles.muted}>
        {refresh.isError ? errorMessage(refresh.error) : refresh.isSuccess ? copy.dashboard.refreshed : ''}
      </p>
    </div>
  );
};

const Funnel = ({ dashboard }: { dashboard: Dashboard }) => {
  const { steps, medianSignUpToMatchMs, matchedWithTimes } = dashboard.funnel;
  return (
    <section aria-labelledby="funnel-heading" className={styles.card}>
      <h2 id="funnel-heading">{copy.dashboard.funnelHeading}</h2>
      <p className={styles.muted}>{copy.dashboard.funnelLead}</p>
      <p className={styles.median}>
        {medianSignUpToMatchMs === null ? copy.dashboard.noMedian : copy.dashboard.median(duration(medianSignUpToMatchMs), matchedWithTimes)}
      </p>
      <LazyBarChart data={steps.map((step) => ({ label: step.label, value: step.count }))} label={copy.dashboard.funnelChart} />
      <table className={styles.table}>
        <caption className="visually-hidden">{copy.dashboard.funnelHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.dashboard.step}</th>
            <th scope="col">{copy.dashboard.mentees}</th>
            <th scope="col">{copy.dashboard.ofPrevious}</th>
          </tr>
        </thead>
        <tbody>
          {steps.map((step, index) => {
            const previous = index === 0 ? null : steps[index - 1]!.count;
            return (
              <tr key={step.step}>
                <th scope="row">{step.label}</th>
                <td>{step.count.toLocaleString('en-GB')}</td>
                <td>{previous ? `${Math.round((step.count / previous) * 100)} %` : '—'}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
};

const States = ({ dashboard }: { dashboard: Dashboard }) => {
  const rows = MENTORSHIP_STATES.map((state) => ({ label: STATE_LABELS[state] ?? state, value: dashboard.mentorshipsByState[state] ?? 0, state }));
  return (
    <section aria-labelledby="states-heading" className={styles.card}>
      <h2 id="states-heading">{copy.dashboard.statesHeading}</h2>
      <p className={styles.muted}>{copy.dashboard.membersLine(dashboard.membersByRole.mentee, dashboard.membersByRole.mentor)}</p>
      <LazyBarChart data={rows} label={copy.dashboard.statesChart} />
      <table className={styles.table}>
        <caption className="visually-hidden">{copy.dashboard.statesHeading}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.dashboard.state}</th>
            <th scope="col">{copy.dashboard.count}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.state}>
              <th scope="row">
                <Link to={`/coordinator/mentorships?state=${row.state}`}>{row.label}</Link>
              </th>
              <td>{row.value.toLocaleString('en-GB')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
};

const Lists = () => (
  <section aria-labelledby="lists-heading" className={styles.card}>
    <h2 id="lists-heading">{copy.dashboard.listsHeading}</h2>
    <ul className={styles.lists}>
      <li>
        <Link to="/coordinator/applications">{copy.dashboard.lists.applications}</Link>
      </li>
      <li>
        <Link to="/coordinator/mentorships">{copy.dashboard.lists.mentorships}</Link>
        <ExportButton label={`${copy.common.export}: ${copy.dashboard.lists.mentorships.toLowerCase()}`} run={() => exportAllMentorships()} />
      </li>
      <li>
        <Link to="/coordinator/members">{copy.dashboard.lists.members}</Link>
        <ExportButton label={`${copy.common.export}: ${copy.dashboard.lists.members.toLowerCase()}`} run={() => exportAllMembers({})} />
      </li>
      <li>
        <Link to="/coordinator/feedback">{copy.dashboard.lists.feedback}</Link>
        <ExportButton label={`${copy.common.export}: ${copy.dashboard.lists.feedback.toLowerCase()}`} run={() => exportAllFeedback({})} />
      </li>
      <li>
        <Link to="/coordinator/settings">{copy.dashboard.lists.settings}</Link>
      </li>
    </ul>
  </section>
);

/** /coordinator: what needs attention first (a page at a time), then the funnel, the mentorships by state, group sessions and the lists. */
export const DashboardPage = () => {
  const queryClient = useQueryClient();
  const dashboard = useInfiniteQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: ({ pageParam }) => dashboardPage(pageParam || undefined),
    initialPageParam: '',
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const first = dashboard.data?.pages[0];
  const rows = dashboard.data?.pages.flatMap((page) => page.attention) ?? [];
  const showMore = async () => {
    const result = await dashboard.fetchNextPage();
    // The snapshot was renewed since the first page: its rows are in another order, so start again from the top.
    if (result.error instanceof ApiError && result.error.status === 409) await queryClient.resetQueries({ queryKey: DASHBOARD_KEY });
  };
  const refreshed = (page: Dashboard) => queryClient.setQueryData<InfiniteData<Dashboard, string>>(DASHBOARD_KEY, { pages: [page], pageParams: [''] });
  return (
    <div className={styles.page}>
      <PageHeader title={copy.dashboard.heading} lead={copy.dashboard.lead} />
      {dashboard.isPending && <LoadingState label={copy.common.loading} />}
      {dashboard.isError && (
        <ErrorState title={copy.common.errorHeading} onRetry={() => void queryClient.resetQueries({ queryKey: DASHBOARD_KEY })}>
          {errorMessage(dashboard.error)}
        </ErrorState>
      )}
      {dashboard.isSuccess && first && (
        <>
          <Freshness generatedAt={first.generatedAt} onRefreshed={refreshed} />
          <Attention
            dashboard={first}
            rows={rows}
            more={dashboard.hasNextPage ? { onClick: () => void showMore(), busy: dashboard.isFetchingNextPage } : undefined}
          />
          <div className={styles.grid}>
            <Funnel dashboard={first} />
            <States dashboard={first} />
          </div>
          <GroupSessions dashboard={first} />
          <Lists />
        </>
      )}
    </div>
  );
};

export default DashboardPage;
