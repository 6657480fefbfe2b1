import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import { feedbackQuery } from '../api';
import { LazyBarChart } from '../components/Charts';
import { ExportButton } from '../components/ExportButton';
import { copy } from '../copy';
import { useDates } from '@/lib/member-zone';
import { useAddressParams } from '@/lib/use-address-params';
import { exportAllFeedback } from '../lib/exports';
import styles from './Coordination.module.css';

const TYPES = ['all', 'global', 'match'] as const;
const RATINGS = ['all', '2', '3'] as const;

/** /coordinator/feedback: every feedback message with its rating, filtered in the address (so a view can be linked). */
export const FeedbackPage = () => {
  const [params, , set] = useAddressParams();
  const dates = useDates();
  const type = (TYPES as readonly string[]).includes(params.get('type') ?? '') ? (params.get('type') as (typeof TYPES)[number]) : 'all';
  const rating = (RATINGS as readonly string[]).includes(params.get('rating') ?? '') ? (params.get('rating') as (typeof RATINGS)[number]) : 'all';
  const q = params.get('q') ?? '';
  const query = {
    ...(type === 'all' ? {} : { type }),
    ...(rating === 'all' ? {} : { maxRating: Number(rating) }),
    ...(q.trim() ? { q: q.trim() } : {}),
  };
  const list = useQuery(feedbackQuery(query));
  const ratings = [1, 2, 3, 4, 5].map((stars) => ({
    label: copy.feedback.stars(stars),
    value: list.data?.feedback.filter((entry) => entry.rating === stars).length ?? 0,
  }));

  return (
    <div className={styles.page}>
      <PageHeader
        title={copy.feedback.heading}
        lead={copy.feedback.lead}
        actions={<ExportButton label={`${copy.common.export}: ${copy.feedback.heading.toLowerCase()}`} run={() => exportAllFeedback(query)} />}
      />
      <form className={styles.filters} role="search" onSubmit={(event) => event.preventDefault()}>
        <label className={styles.field}>
          {copy.feedback.type}
          <select value={type} onChange={(event) => set('type', event.target.value, 'all')}>
            {TYPES.map((option) => (
              <option key={option} value={option}>
                {copy.feedback.types[option]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {copy.feedback.rating}
          <select value={rating} onChange={(event) => set('rating', event.target.value, 'all')}>
            {RATINGS.map((option) => (
              <option key={option} value={option}>
                {copy.feedback.ratings[option]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {copy.feedback.searchLabel}
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
            {copy.feedback.average(list.data.averageRating, list.data.feedback.length)} {list.data.truncated ? copy.feedback.truncated : ''}
          </p>
          {list.data.feedback.length === 0 ? (
            <EmptyState title={copy.feedback.empty} />
          ) : (
            <>
              <section aria-labelledby="ratings-heading" className={styles.card}>
                <h2 id="ratings-heading">{copy.feedback.chartHeading}</h2>
                <LazyBarChart data={ratings} label={copy.feedback.ratingsChart} />
              </section>
              <ul className={styles.rows}>
                {list.data.feedback.map((entry) => (
                  <li key={entry.id} className={styles.row}>
                    <p className={styles.rowTitle}>
                      {copy.feedback.types[entry.feedbackType]} · {entry.rating === null ? copy.feedback.noRating : copy.feedback.stars(entry.rating)}
                    </p>
                    {entry.answers.filter(Boolean).map((answer, index) => (
                      <p key={index} className={styles.answer}>
                        {answer}
                      </p>
                    ))}
                    <p className={styles.muted}>
                      {entry.from ? copy.feedback.from(entry.from.displayName) : copy.feedback.anonymous} {copy.feedback.onPage(entry.source)} ·{' '}
                      {dates.dateTime(entry.createdAt)}
                      {entry.mentorshipId ? ` · ${copy.feedback.mentorship}` : ''}
                    </p>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </div>
  );
};

export default FeedbackPage;
