import { inject } from 'vitest';
import { waitForMail, type SentMail } from '../../support/mail';
import { waitForMailEvent } from './mail-events';

/**
 * The message a member got whose subject `subject` likes. Where the local stage runs as itself: the message from its
 * SES stand-in, which `message` must like too (its body, its .ics). Elsewhere SES's event of it, and null: SES's
 * events carry no body, so what `message` checks is checked on the local stage only.
 */
export const mailed = async (email: string, subject: (subject: string) => boolean, message: (mail: SentMail) => boolean = () => true) => {
  const sesEndpoint = inject('sesEndpoint');
  if (sesEndpoint) return waitForMail(sesEndpoint, email, (mail) => subject(mail.subject) && message(mail));
  await waitForMailEvent(email, subject);
  return null;
};
