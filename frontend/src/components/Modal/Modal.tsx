import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { registerToastHost } from '../Toast/toast';
import styles from './Modal.module.css';

export type ModalSize = 'default' | 'large' | 'chat';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  /** Shown as the dialog's heading and used as its accessible name. */
  title?: ReactNode;
  /** Accessible name when there is no visible title. */
  label?: string;
  size?: ModalSize;
  /** Show a close (×) button in the corner. */
  closeIcon?: boolean;
  closeLabel?: string;
  /** Close by itself this many milliseconds after opening. */
  autoCloseMs?: number;
  className?: string;
  children: ReactNode;
}

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** Tabbable elements in order; of a radio group only the checked radio (or the first when none is) takes a Tab stop. */
const tabbables = (root: HTMLElement) =>
  Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
    const group = Array.from(root.querySelectorAll<HTMLInputElement>('input[type="radio"]')).filter((radio) => radio.name === element.name);
    const checked = group.find((radio) => radio.checked);
    return checked ? checked === element : group[0] === element;
  });

/**
 * The one dialog of the app, on the native <dialog> element opened with showModal() (the rest of the
 * page becomes inert). Tab and Shift+Tab wrap inside it, Escape closes it, and focus goes back to
 * whatever had it before it opened. Children mount only while it is open, so closing resets them.
 */
export const Modal = ({ open, onClose, title, label, size = 'default', closeIcon = false, closeLabel = 'Close', autoCloseMs, className, children }: ModalProps) => {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>('[autofocus]') ?? tabbables(dialog)[0] ?? dialog;
    first.focus();
    const unregisterToastHost = registerToastHost(dialog);
    return () => {
      unregisterToastHost();
      if (dialog.open) dialog.close();
      previouslyFocused?.focus();
    };
  }, [open]);

  useEffect(() => {
    if (!open || autoCloseMs === undefined) return;
    const timer = setTimeout(() => onCloseRef.current(), autoCloseMs);
    return () => clearTimeout(timer);
  }, [open, autoCloseMs]);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const items = tabbables(dialogRef.current);
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className={[styles.modal, styles[size], className].filter(Boolean).join(' ')}
      data-size={size}
      aria-modal="true"
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        // The browser's own Escape handling: keep React in charge of whether the dialog is open.
        event.preventDefault();
        onCloseRef.current();
      }}
    >
      {open && (
        <div className={styles.body}>
          {(title || closeIcon) && (
            <div className={styles.header}>
              {title && (
                <h2 id={titleId} className={styles.title}>
                  {title}
                </h2>
              )}
              {closeIcon && (
                <button type="button" className={styles.close} aria-label={closeLabel} onClick={() => onCloseRef.current()}>
                  <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
                    <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
                  </svg>
                </button>
              )}
            </div>
          )}
          {children}
        </div>
      )}
    </dialog>
  );
};
