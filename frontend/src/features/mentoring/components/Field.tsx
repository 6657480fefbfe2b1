import type { ComponentProps, InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react';
import { copy } from '../copy';
import styles from './Form.module.css';

/** The ids of a field's parts: the control, its hint and its error, tied together by aria-describedby. */
export const fieldIds = (id: string, { hint, error }: { hint?: ReactNode; error?: string }) => ({
  id,
  hintId: `${id}-hint`,
  errorId: `${id}-error`,
  describedBy: [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined,
});

export const FieldError = ({ id, error }: { id: string; error?: string }) =>
  error ? (
    <p id={id} className={styles.error}>
      <span aria-hidden="true">⚠ </span>
      {error}
    </p>
  ) : null;

export const FieldHint = ({ id, hint }: { id: string; hint?: ReactNode }) =>
  hint ? (
    <p id={id} className={styles.hint}>
      {hint}
    </p>
  ) : null;

interface FieldFrame {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
}

const Label = ({ id, label, optional }: { id: string; label: ReactNode; optional?: boolean }) => (
  <label htmlFor={id} className={styles.label}>
    {label}
    {optional && <span className={styles.optional}> ({copy.common.optional})</span>}
  </label>
);

export const TextField = ({ id, label, hint, error, optional, className, ...input }: FieldFrame & InputHTMLAttributes<HTMLInputElement>) => {
  const ids = fieldIds(id, { hint, error });
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      <Label id={id} label={label} optional={optional} />
      <FieldHint id={ids.hintId} hint={hint} />
      <input id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
};

export const TextAreaField = ({ id, label, hint, error, optional, ...textarea }: FieldFrame & ComponentProps<'textarea'>) => {
  const ids = fieldIds(id, { hint, error });
  return (
    <div className={styles.field}>
      <Label id={id} label={label} optional={optional} />
      <FieldHint id={ids.hintId} hint={hint} />
      <textarea id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} rows={5} {...textarea} />
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
};

export const SelectField = ({
  id,
  label,
  hint,
  error,
  optional,
  children,
  ...select
}: FieldFrame & SelectHTMLAttributes<HTMLSelectElement> & { children: ReactNode }) => {
  const ids = fieldIds(id, { hint, error });
  return (
    <div className={styles.field}>
      <Label id={id} label={label} optional={optional} />
      <FieldHint id={ids.hintId} hint={hint} />
      <select id={id} className={styles.input} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...select}>
        {children}
      </select>
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
};

export const CheckboxField = ({
  id,
  label,
  hint,
  error,
  ...input
}: Omit<FieldFrame, 'optional'> & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) => {
  const ids = fieldIds(id, { hint, error });
  return (
    <div className={styles.checkField}>
      <input id={id} type="checkbox" className={styles.checkbox} aria-invalid={error ? true : undefined} aria-describedby={ids.describedBy} {...input} />
      <div>
        <label htmlFor={id} className={styles.checkLabel}>
          {label}
        </label>
        <FieldHint id={ids.hintId} hint={hint} />
        <FieldError id={ids.errorId} error={error} />
      </div>
    </div>
  );
};

/** A form's summary of what to fix, announced when it appears; each field shows its own message too. */
export const ErrorSummary = ({ messages, title }: { messages: string[]; title?: string }) =>
  messages.length ? (
    <div role="alert" className={styles.summary}>
      <p className={styles.summaryTitle}>{title ?? copy.common.formErrors(messages.length)}</p>
    </div>
  ) : null;

/** After a failed submit: focus the first field marked invalid, in the order the form shows them. */
export const focusFirstError = (form: HTMLElement | null) => {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus();
  return Boolean(first);
};
