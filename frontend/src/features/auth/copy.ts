import { PASSWORD_POLICY } from '@mentoring/shared/auth';
import { nameMessages } from '@mentoring/shared/name-messages';

/** What the sign-in, sign-up and password forms say. */
export const authMessages = {
  wrongPassword: 'Incorrect e-mail or password.',
  unknownUser: 'There is no account with this e-mail address. Check it, or create an account.',
  existingAccount: 'An account with this e-mail address already exists. Sign in instead.',
  weakPassword: (missing: string[]) => `Choose a stronger password: it needs ${missing.join(', ')}.`,
  /** Shown under every new-password field before anything is typed, so nobody learns the rules from a failure. */
  passwordRules: `At least ${PASSWORD_POLICY.minLength} characters, with upper and lower case letters, a number and a symbol.`,
  weakPasswordGeneric: `Choose a stronger password: at least ${PASSWORD_POLICY.minLength} characters with upper and lower case letters, a number and a symbol.`,
  wrongCode: 'That code is not right. Check the e-mail we sent and try again.',
  expiredCode: 'That code has expired. Ask for a new one.',
  tooManyAttempts: 'Too many attempts. Wait a few minutes and try again.',
  network: 'We could not reach the sign-in service. Check your connection and try again.',
  notConfirmed: 'Confirm your e-mail address first: enter the code we sent you.',
  missingEmail: 'Enter your e-mail address.',
  missingPassword: 'Enter your password.',
  missingName: nameMessages.missing,
  missingCode: 'Enter the code from the e-mail.',
  unavailable: 'Sign-in is not available right now. Please try again later.',
  unexpected: 'Something went wrong. Please try again.',
  codeSent: (email: string) => `We sent a code to ${email}.`,
  codeResent: (email: string) => `We sent a new code to ${email}.`,
  passwordChanged: 'Your password has been changed. Sign in with the new one.',
  confirmed: 'Your e-mail address is confirmed.',
  wrongCurrentPassword: 'Your current password is not right. Check it and try again.',
  missingCurrentPassword: 'Enter your current password.',
  samePassword: 'Choose a new password that differs from your current one.',
  nameSaved: 'Your name has been saved.',
  passwordUpdated: 'Your password has been changed.',
} as const;
