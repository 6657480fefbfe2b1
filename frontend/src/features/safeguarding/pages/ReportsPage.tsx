import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { REPORT_STATUSES, REPORT_STATUS_LABELS, type ReportStatus } from '@mentoring/shared/safeguarding-labels';
import { ErrorState, LoadingState } from '../components/States';
import { reportsQuery } from '../api';
import { copy } from '../copy';
import { categoryLabel, subjectLabel } from '../model';
import { useDates } from '@/lib/member-zone';
import styles from '../safeguarding.module.css';

const statusOf = (value: string | null): ReportStatus => (REPORT_STATUSES as readonly string[]).includes(value ?? '') ? (value as ReportStatus) : 'open';

/** /coordinator/reports: the safeguarding queue by status (open, in review, resolved), newest first. */
export const ReportsPage = () => {
  const dates = useDates();
  const [params] = useSearchParams();
  const status = statusOf(params.get('status'));
  const reports = useQuery(reportsQuery(status));
  return (
    <div className={styles.page}>
      <h1>{copy.queue.heading}</h1>
      <p className={styles.intro}>{copy.queue.intro}</p>
      <nav aria-label={copy.queue.tabs}>
        <ul className={styles.tabs}>
          {REPORT_STATUSES.map((each) => (
            <li key={each}>
              <Link to={`/coordinator/reports?status=${each}`} className={styles.tab} aria-current={each === status ? 'page' : undefined}>
                {REPORT_STATUS_LABELS[each]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {reports.isPending ? (
        <LoadingState />
      ) : reports.isError ? (
        <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
      ) : reports.data.reports.length === 0 ? (
        <p className={styles.muted}>{copy.queue.empty}</p>
      ) : (
        <ul className={styles.list}>
          {reports.data.reports.map((report) => (
            <li key={report.id} className={styles.card}>
              <div className={styles.cardRow}>
                <h2 className={styles.cardTitle}>
                  <Link to={`/coordinator/reports/${report.id}`}>{categoryLabel(report.category)}</Link>
                </h2>
                <span className={styles.badge}>{REPORT_STATUS_LABELS[report.status]}</span>
              </div>
              <p className={styles.muted}>
                {subjectLabel(report)} · {copy.queue.reportedBy} {report.reporter?.name ?? copy.queue.unknown} · {dates.dateTime(report.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

export default ReportsPage;
