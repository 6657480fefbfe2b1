import { SendEmailCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { requiredEnv } from '../env';
import { sdkClientConfig } from '../aws-clients';

/**
 * One client per container. Locally AWS_ENDPOINT_URL_SESV2 points at the local SES stand-in, which keeps
 * every message, so the sending code is the same in both runtimes.
 */
const client = new SESv2Client(sdkClientConfig());

export interface Mail {
  to: string | readonly string[];
  subject: string;
  /** Plain text, always; every message must read well without HTML. */
  text: string;
  html?: string;
}

/** Sends one message from the stage's sender (MAIL_FROM). */
export const sendMail = async ({ to, subject, text, html }: Mail) => {
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: requiredEnv('MAIL_FROM'),
      Destination: { ToAddresses: [to].flat() },
      Content: {
        Simple: {
          Subject: { Data: subject, Charset: 'UTF-8' },
          Body: { Text: { Data: text, Charset: 'UTF-8' }, ...(html ? { Html: { Data: html, Charset: 'UTF-8' } } : {}) },
        },
      },
    }),
  );
};
