import './auth.css';
import { useId, useState, type InputHTMLAttributes } from 'react';
import { authErrorMessage } from '../errors';

/** A labelled input; the label is what tests and screen readers find it by. */
export const Field = ({ label, ...input }: { label: string } & InputHTMLAttributes<HTMLInputElement>) => {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
};

/** The form's error in words (announced), or a neutral notice. */
export const FormError = ({ message }: { message: string | null }) =>
  message ? (
    <p role="alert" className="form-error">
      {message}
    </p>
  ) : null;

export const FormNotice = ({ message }: { message: string | null }) =>
  message ? (
    <p role="status" className="form-notice">
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
  const run = async (action: () => Promise<void>, context: { password?: string } = {}) => {
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
