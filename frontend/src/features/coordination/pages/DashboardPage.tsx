import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MENTORSHIP_STATES } from '@mentoring/shared/mentorship';
import { PageHeader } from '../../../components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/StatePanel/StatePanel';
import { errorMessage } from '../../../lib/api-client';
import { dashboardQuery } from '../api';
import { LazyBarChart } from '../components/Charts';
import { ExportButton } from '../components/ExportButton';
import { copy, duration } from '../copy';
import { useDates } from '../../../lib/member-zone';
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

const Attention = ({ dashboard }: { dashboard: Dashboard }) => (
  <section aria-labelledby="attention-heading" className={styles.card}>
    <div className={styles.sectionHeader}>
      <h2 id="attention-heading">
        {copy.dashboard.attentionHeading} <span className={styles.count}>({copy.dashboard.attentionCount(dashboard.attention.length)})</span>
      </h2>
      <ExportButton
        label={`${copy.common.export}: ${copy.dashboard.attentionHeading.toLowerCase()}`}
        run={() => ({ filename: datedName('needs-attention'), columns: attentionColumns, rows: dashboard.attention })}
      />
    </div>
    <ul className={styles.kindCounts} aria-label={copy.dashboard.attentionHeading}>
      {Object.entries(dashboard.attentionCounts).map(([kind, count]) => (
        <li key={kind}>
          <strong>{count}</strong> {copy.dashboard.kindCount(kind as keyof typeof copy.dashboard.kinds, count)}
        </li>
      ))}
    </ul>
    {dashboard.attention.length === 0 ? (
      <EmptyState title={copy.dashboard.attentionEmpty}>{copy.dashboard.attentionEmptyText}</EmptyState>
    ) : (
      <ol className={styles.attentionList}>
        {dashboard.attention.map((item) => (
          <AttentionItem key={item.key} item={item} />
        ))}
      </ol>
    )}
  </section>
);

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

/** /coordinator: what needs attention first, then the funnel, the mentorships by state and the lists. */
export const DashboardPage = () => {
  const dashboard = useQuery(dashboardQuery());
  const dates = useDates();
  return (
    <div className={styles.page}>
      <PageHeader title={copy.dashboard.heading} lead={copy.dashboard.lead} />
      {dashboard.isPending && <LoadingState label={copy.common.loading} />}
      {dashboard.isError && (
        <ErrorState title={copy.common.errorHeading} onRetry={() => void dashboard.refetch()}>
          {errorMessage(dashboard.error)}
        </ErrorState>
      )}
      {dashboard.isSuccess && (
        <>
          <Attention dashboard={dashboard.data} />
          <div className={styles.grid}>
            <Funnel dashboard={dashboard.data} />
            <States dashboard={dashboard.data} />
          </div>
          <Lists />
          <p className={styles.muted}>{copy.dashboard.updated(dates.dateTime(dashboard.data.generatedAt))}</p>
        </>
      )}
    </div>
  );
};

export default DashboardPage;
