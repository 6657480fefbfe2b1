import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { REPORT_STATUSES, REPORT_STATUS_LABELS, type ReportStatus } from '@mentoring/shared/safeguarding-labels';
import { Button } from '@/components/Button/Button';
import { errorMessage } from '@/lib/api-client';
import { addReportNote, reportQuery, setReportStatus } from '../api';
import { ErrorState, LoadingState } from '../components/States';
import { copy } from '../copy';
import { categoryLabel, subjectLabel, type Report } from '../model';
import { useDates } from '@/lib/member-zone';
import styles from '../safeguarding.module.css';

/** /coordinator/reports/:id: one report, its internal notes, and moving it between open, in review and resolved. */
export const ReportPage = () => {
  const { id = '' } = useParams();
  const report = useQuery(reportQuery(id));
  return (
    <div className={styles.page}>
      <p>
        <Link to="/coordinator/reports">{copy.queue.back}</Link>
      </p>
      {report.isPending ? (
        <LoadingState />
      ) : report.isError ? (
        <ErrorState error={report.error} onRetry={() => void report.refetch()} />
      ) : (
        <ReportView report={report.data} />
      )}
    </div>
  );
};

const ReportView = ({ report }: { report: Report }) => {
  const dates = useDates();
  const client = useQueryClient();
  const id = useId();
  const [note, setNote] = useState('');
  const [noteMissing, setNoteMissing] = useState(false);
  const refresh = async (fresh: Report) => {
    client.setQueryData(reportQuery(report.id).queryKey, fresh);
    await client.invalidateQueries({ queryKey: ['GET /api/coordinator/reports'] });
  };
  const status = useMutation({
    mutationFn: (next: ReportStatus) => setReportStatus(report, next),
    onSuccess: refresh,
  });
  const notes = useMutation({
    mutationFn: (text: string) => addReportNote(report.id, text),
    onSuccess: async (fresh) => {
      setNote('');
      await refresh(fresh);
    },
  });
  const addNote = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setNoteMissing(true);
    notes.mutate(note.trim());
  };
  const excerpt = report.subject.kind === 'message' ? report.subject.excerpt : undefined;

  return (
    <>
      <div className={styles.cardRow}>
        <h1>{categoryLabel(report.category)}</h1>
        <span className={styles.badge}>{REPORT_STATUS_LABELS[report.status]}</span>
      </div>
      <dl className={styles.facts}>
        <dt>{copy.queue.subject}</dt>
        <dd>{subjectLabel(report)}</dd>
        <dt>{copy.queue.reportedBy}</dt>
        <dd>{report.reporter?.name ?? copy.queue.unknown}</dd>
        <dt>{copy.queue.received}</dt>
        <dd>{dates.dateTime(report.createdAt)}</dd>
        {report.mentorshipId && (
          <>
            <dt>{copy.queue.mentorship}</dt>
            <dd>
              <Link to={`/mentorships/${report.mentorshipId}`}>{copy.queue.openMentorship}</Link>
              {report.endedMentorshipId && <> · {copy.queue.ended}</>}
            </dd>
          </>
        )}
      </dl>
      <section className={styles.section} aria-labelledby={`${id}-what`}>
        <h2 id={`${id}-what`}>{copy.queue.what}</h2>
        <p className={styles.prose}>{report.description}</p>
        {excerpt && (
          <>
            <h3 className={styles.cardTitle}>{copy.queue.excerpt}</h3>
            <blockquote className={styles.quote}>{excerpt}</blockquote>
          </>
        )}
      </section>
      <section className={styles.section} aria-labelledby={`${id}-status`}>
        <h2 id={`${id}-status`}>{copy.queue.status}</h2>
        <div className={styles.actions}>
          {REPORT_STATUSES.filter((each) => each !== report.status).map((each) => (
            <Button key={each} variant={each === 'resolved' ? 'primary' : 'secondary'} onClick={() => status.mutate(each)} disabled={status.isPending}>
              {copy.queue.moveTo(REPORT_STATUS_LABELS[each])}
            </Button>
          ))}
        </div>
        {status.isError && (
          <p className={styles.error} role="alert">
            {errorMessage(status.error)}
          </p>
        )}
      </section>
      <section className={styles.section} aria-labelledby={`${id}-notes`}>
        <h2 id={`${id}-notes`}>{copy.queue.notes}</h2>
        <p className={styles.hint}>{copy.queue.notesHint}</p>
        {report.notes.length === 0 ? (
          <p className={styles.muted}>{copy.queue.noNotes}</p>
        ) : (
          <ul className={styles.list}>
            {report.notes.map((each) => (
              <li key={`${each.at}-${each.authorId}`} className={styles.card}>
                <p className={styles.prose}>{each.text}</p>
                <p className={styles.muted}>{copy.queue.by(each.authorName, dates.dateTime(each.at))}</p>
              </li>
            ))}
          </ul>
        )}
        <form className={styles.form} onSubmit={addNote} noValidate>
          <div className={styles.field}>
            <label htmlFor={`${id}-note`}>{copy.queue.note}</label>
            <textarea
              id={`${id}-note`}
              className={styles.textarea}
              value={note}
              maxLength={4000}
              rows={3}
              aria-invalid={noteMissing || undefined}
              aria-describedby={noteMissing ? `${id}-note-missing` : undefined}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteMissing(false);
              }}
            />
            {noteMissing && (
              <p id={`${id}-note-missing`} className={styles.error} role="alert">
                {copy.queue.writeNote}
              </p>
            )}
          </div>
          {notes.isError && (
            <p className={styles.error} role="alert">
              {errorMessage(notes.error)}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" disabled={notes.isPending} aria-busy={notes.isPending}>
              {copy.queue.addNote}
            </Button>
          </div>
        </form>
      </section>
    </>
  );
};

export default ReportPage;
