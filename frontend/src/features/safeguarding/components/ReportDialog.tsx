import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { REPORT_CATEGORIES, type ReportCategory } from '@mentoring/shared/safeguarding-labels';
import { Button } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { errorMessage } from '@/lib/api-client';
import type { ReportTarget } from '@/lib/safety-slots';
import { sendReport } from '../api';
import { copy } from '../copy';
import styles from '../safeguarding.module.css';

const DESCRIPTION_MAX = 4000;

/** "Report a concern": a category from the programme's fixed list, what happened, and (in a mentorship) ending it at once. */
export const ReportDialog = ({ target, onClose }: { target: ReportTarget | null; onClose: () => void }) => (
  <Modal open={target !== null} onClose={onClose} title={copy.report.title} closeIcon>
    {target && <ReportForm target={target} onClose={onClose} />}
  </Modal>
);

const ReportForm = ({ target, onClose }: { target: ReportTarget; onClose: () => void }) => {
  const client = useQueryClient();
  const id = useId();
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [description, setDescription] = useState('');
  const [endMentorship, setEndMentorship] = useState(false);
  const [problems, setProblems] = useState<{ category?: boolean; description?: boolean }>({});
  const categoriesRef = useRef<HTMLFieldSetElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  const doneRef = useRef<HTMLDivElement>(null);

  const mutation = useMutation({
    mutationFn: () =>
      sendReport({ category: category!, description: description.trim(), subject: target.subject, ...(endMentorship ? { endMentorship: true } : {}) }),
    onSuccess: async (receipt) => {
      if (receipt.endedMentorshipId) await client.invalidateQueries();
    },
  });

  useEffect(() => {
    if (mutation.isSuccess) doneRef.current?.focus();
  }, [mutation.isSuccess]);

  if (mutation.isSuccess) {
    return (
      <div ref={doneRef} tabIndex={-1} className={styles.form}>
        <h3 className={styles.cardTitle}>{copy.report.sentTitle}</h3>
        <p className={styles.prose}>{copy.report.sent}</p>
        {mutation.data.endedMentorshipId && <p className={styles.prose}>{copy.report.ended}</p>}
        <div className={styles.dialogActions}>
          <Button variant="primary" onClick={onClose}>
            {copy.report.close}
          </Button>
        </div>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = { category: !category, description: description.trim() === '' };
    setProblems(found);
    if (found.category) return categoriesRef.current?.querySelector('input')?.focus();
    if (found.description) return descriptionRef.current?.focus();
    mutation.mutate();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.prose}>{copy.report.intro}</p>
      <p className={styles.muted}>{copy.report.about(target.about)}</p>
      <fieldset
        ref={categoriesRef}
        className={styles.field}
        aria-describedby={[`${id}-category-hint`, problems.category ? `${id}-category-error` : ''].filter(Boolean).join(' ')}
        aria-invalid={problems.category || undefined}
      >
        <legend>{copy.report.category}</legend>
        <p id={`${id}-category-hint`} className={styles.hint}>
          {copy.report.categoryHint}
        </p>
        <div className={styles.radios}>
          {(Object.entries(REPORT_CATEGORIES) as [ReportCategory, string][]).map(([value, label]) => (
            <label key={value} className={styles.radio}>
              <input
                type="radio"
                name={`${id}-category`}
                value={value}
                checked={category === value}
                onChange={() => {
                  setCategory(value);
                  setProblems((current) => ({ ...current, category: false }));
                }}
              />
              {label}
            </label>
          ))}
        </div>
        {problems.category && (
          <p id={`${id}-category-error`} className={styles.error} role="alert">
            {copy.report.chooseCategory}
          </p>
        )}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-description`}>{copy.report.description}</label>
        <p id={`${id}-description-hint`} className={styles.hint}>
          {copy.report.descriptionHint}
        </p>
        <textarea
          ref={descriptionRef}
          id={`${id}-description`}
          className={styles.textarea}
          value={description}
          maxLength={DESCRIPTION_MAX}
          rows={5}
          aria-invalid={problems.description || undefined}
          aria-describedby={[`${id}-description-hint`, problems.description ? `${id}-description-error` : ''].filter(Boolean).join(' ')}
          onChange={(event) => setDescription(event.target.value)}
        />
        {problems.description && (
          <p id={`${id}-description-error`} className={styles.error} role="alert">
            {copy.report.describe}
          </p>
        )}
      </div>
      {target.canEndMentorship && (
        <div className={styles.field}>
          <label className={styles.check}>
            <input type="checkbox" checked={endMentorship} aria-describedby={`${id}-end-hint`} onChange={(event) => setEndMentorship(event.target.checked)} />
            {copy.report.endMentorship}
          </label>
          <p id={`${id}-end-hint`} className={styles.hint}>
            {copy.report.endMentorshipHint}
          </p>
        </div>
      )}
      <p className={styles.hint}>{copy.report.danger}</p>
      {mutation.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(mutation.error)}
        </p>
      )}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onClose}>
          {copy.report.cancel}
        </Button>
        <Button type="submit" variant="accent" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {copy.report.send}
        </Button>
      </div>
    </form>
  );
};
