import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { copy, MESSAGE_MAX } from '../copy';
import styles from '../mentorships.module.css';
import { DialogActions } from '@/components/Form/Form';

export interface ReasonDialogProps<R extends string> {
  open: boolean;
  onClose: () => void;
  title: string;
  reasons: Record<R, string>;
  legend: string;
  legendHint: string;
  messageLabel: string;
  messageHint?: string;
  confirm: string;
  busy: boolean;
  /** The server's refusal, shown in the dialog so what was entered stays. */
  error: string | null;
  onSubmit: (reason: R, message: string) => void;
}

const CHOOSE_A_REASON = 'Choose a reason.';

/** Declining a request or ending a mentorship: a reason from the list (required) and an optional message. */
export const ReasonDialog = <R extends string>(props: ReasonDialogProps<R>) => (
  <Modal open={props.open} onClose={props.onClose} title={props.title} closeIcon>
    <ReasonForm {...props} />
  </Modal>
);

const ReasonForm = <R extends string>({ onClose, reasons, legend, legendHint, messageLabel, messageHint, confirm, busy, error, onSubmit }: ReasonDialogProps<R>) => {
  const [reason, setReason] = useState<R | null>(null);
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const fieldsetRef = useRef<HTMLFieldSetElement>(null);
  const id = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) {
      setMissing(true);
      fieldsetRef.current?.querySelector('input')?.focus();
      return;
    }
    onSubmit(reason, message);
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <fieldset
        ref={fieldsetRef}
        className={styles.field}
        aria-describedby={[`${id}-hint`, missing ? `${id}-missing` : ''].filter(Boolean).join(' ')}
        aria-invalid={missing || undefined}
      >
        <legend>{legend}</legend>
        <p id={`${id}-hint`} className={styles.hint}>
          {legendHint}
        </p>
        <div className={styles.radios}>
          {(Object.entries(reasons) as [R, string][]).map(([value, label]) => (
            <label key={value} className={styles.radio}>
              <input
                type="radio"
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                required
                onChange={() => {
                  setReason(value);
                  setMissing(false);
                }}
              />
              {label}
            </label>
          ))}
        </div>
        {missing && (
          <p id={`${id}-missing`} className={styles.error} role="alert">
            {CHOOSE_A_REASON}
          </p>
        )}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`}>{messageLabel}</label>
        {messageHint && (
          <p id={`${id}-message-hint`} className={styles.hint}>
            {messageHint}
          </p>
        )}
        <textarea
          id={`${id}-message`}
          className={styles.textarea}
          value={message}
          maxLength={MESSAGE_MAX}
          aria-describedby={messageHint ? `${id}-message-hint` : undefined}
          onChange={(event) => setMessage(event.target.value)}
          rows={4}
        />
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {copy.actions.cancel}
        </Button>
        <Button type="submit" variant="accent" disabled={busy} aria-busy={busy}>
          {confirm}
        </Button>
      </DialogActions>
    </form>
  );
};

/** A yes-or-no question before an action that cannot be undone (withdraw, complete). */
export const ConfirmDialog = ({
  open,
  onClose,
  title,
  text,
  confirm,
  busy,
  error,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  text: string;
  confirm: string;
  busy: boolean;
  error: string | null;
  onConfirm: () => void;
}) => (
  <Modal open={open} onClose={onClose} title={title} closeIcon>
    <div className={styles.form}>
      <p className={styles.goals}>{text}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {copy.actions.cancel}
        </Button>
        <Button variant="accent" disabled={busy} aria-busy={busy} onClick={onConfirm}>
          {confirm}
        </Button>
      </DialogActions>
    </div>
  </Modal>
);
