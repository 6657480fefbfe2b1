import './auth.css';
import { useId, type InputHTMLAttributes } from 'react';

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
