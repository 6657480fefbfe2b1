import type { ComponentPropsWithRef } from 'react';
import { Link, type LinkProps } from 'react-router';
import styles from './Button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'accent';

export const buttonClass = (variant: ButtonVariant = 'primary', extra?: string) =>
  [styles.button, styles[variant], extra].filter(Boolean).join(' ');

// React 19 passes `ref` as a prop, so a page can move the focus to one of its buttons.
export const Button = ({ variant, className, type = 'button', ...props }: ComponentPropsWithRef<'button'> & { variant?: ButtonVariant }) => (
  <button type={type} className={buttonClass(variant, className)} {...props} />
);

/** A link that looks like a button, for calls to action that navigate. */
export const ButtonLink = ({ variant, className, ...props }: LinkProps & { variant?: ButtonVariant }) => (
  <Link className={buttonClass(variant, className)} {...props} />
);
