import './auth.css';
import { useId, useState, type InputHTMLAttributes, type Ref } from 'react';
import { authErrorMessage } from '../errors';
import styles from './Form.module.css';

/** A labelled input; the label is what tests and screen readers find it by. */
export const Field = ({ label, hint, ...input }: { label: string; hint?: string; ref?: Ref<HTMLInputElement> } & InputHTMLAttributes<HTMLInputElement>) => {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
      <input id={id} className={styles.input} aria-describedby={hint ? `${id}-hint` : undefined} {...input} />
    </div>
  );
};

/** The form's error in words (announced), or a neutral notice. */
export const FormError = ({ message }: { message: string | null }) =>
  message ? (
    <p role="alert" className={styles.error}>
      {message}
    </p>
  ) : null;

export const FormNotice = ({ message }: { message: string | null }) =>
  message ? (
    <p role="status" className={styles.notice}>
      {message}
    </p>
  ) : null;

/**
 * A form's error, notice and busy state, and `run` for its Amplify call: clears both messages, marks the form
 * busy, and turns a failure into words on the form.
 */
export const useFormAction = () => {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<void>, context: Parameters<typeof authErrorMessage>[1] = {}) => {
    setError(null);
    setNotice(null);
    setBusy(true);
    try {
      await action();
    } catch (caught) {
      setError(authErrorMessage(caught, context));
    } finally {
      setBusy(false);
    }
  };
  return { error, setError, notice, setNotice, busy, run };
};
