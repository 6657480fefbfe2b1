import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { DELETE_ACCOUNT_CONFIRMATION } from '@mentoring/shared/safeguarding-labels';
import { Button } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { errorMessage } from '@/lib/api-client';
import { deleteMyAccount, exportMyData } from '../api';
import { copy } from '../copy';
import styles from '../safeguarding.module.css';

const download = (data: unknown) => {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `my-mentoring-data-${new Date().toISOString().slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
};

/** The account page's "Your data": the JSON export, and deleting the account after the typed confirmation. */
export const MyDataSection = ({ onDeleted }: { onDeleted: () => void }) => {
  const id = useId();
  const [deleting, setDeleting] = useState(false);
  const exported = useMutation({ mutationFn: exportMyData, onSuccess: download });
  return (
    <section className={styles.section} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{copy.myData.heading}</h2>
      <p className={styles.intro}>{copy.myData.intro}</p>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => exported.mutate()} disabled={exported.isPending} aria-busy={exported.isPending}>
          {exported.isPending ? copy.myData.downloading : copy.myData.download}
        </Button>
      </div>
      {exported.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(exported.error)}
        </p>
      )}
      <h3 className={styles.cardTitle}>{copy.myData.deleteHeading}</h3>
      <p className={styles.prose}>{copy.myData.deleteText}</p>
      <div className={styles.actions}>
        <Button variant="accent" onClick={() => setDeleting(true)}>
          {copy.myData.deleteOpen}
        </Button>
      </div>
      <Modal open={deleting} onClose={() => setDeleting(false)} title={copy.myData.deleteTitle} closeIcon>
        <DeleteForm onCancel={() => setDeleting(false)} onDeleted={onDeleted} />
      </Modal>
    </section>
  );
};

const DeleteForm = ({ onCancel, onDeleted }: { onCancel: () => void; onDeleted: () => void }) => {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const deletion = useMutation({ mutationFn: deleteMyAccount, onSuccess: onDeleted });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== DELETE_ACCOUNT_CONFIRMATION) {
      setMismatch(true);
      return;
    }
    deletion.mutate();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.prose}>{copy.myData.deleteText}</p>
      <div className={styles.field}>
        <label htmlFor={`${id}-confirm`}>{copy.myData.confirmLabel(DELETE_ACCOUNT_CONFIRMATION)}</label>
        <input
          id={`${id}-confirm`}
          className={styles.input}
          value={typed}
          autoComplete="off"
          aria-invalid={mismatch || undefined}
          aria-describedby={mismatch ? `${id}-mismatch` : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setMismatch(false);
          }}
        />
        {mismatch && (
          <p id={`${id}-mismatch`} className={styles.error} role="alert">
            {copy.myData.confirmMismatch(DELETE_ACCOUNT_CONFIRMATION)}
          </p>
        )}
      </div>
      {deletion.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(deletion.error)}
        </p>
      )}
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={onCancel}>
          {copy.myData.cancel}
        </Button>
        <Button type="submit" variant="accent" disabled={deletion.isPending} aria-busy={deletion.isPending}>
          {copy.myData.deleteConfirm}
        </Button>
      </div>
    </form>
  );
};
