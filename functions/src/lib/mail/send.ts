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
  /** Files sent with the message, e.g. a calendar invitation (SESv2's Simple content carries them). */
  attachments?: readonly MailAttachment[];
}

export interface MailAttachment {
  fileName: string;
  /** With parameters where they matter, e.g. `text/calendar; method=REQUEST; charset=UTF-8`. */
  contentType: string;
  content: string | Uint8Array;
  /** `inline` for a calendar invitation, so mail clients offer to add it to the calendar. */
  disposition?: 'attachment' | 'inline';
}

/** Sends one message from the stage's sender (MAIL_FROM). */
export const sendMail = async ({ to, subject, text, html, attachments }: Mail) => {
  await client.send(
    new SendEmailCommand({
      FromEmailAddress: requiredEnv('MAIL_FROM'),
      Destination: { ToAddresses: [to].flat() },
      Content: {
        Simple: {
          Subject: { Data: subject, Charset: 'UTF-8' },
          Body: { Text: { Data: text, Charset: 'UTF-8' }, ...(html ? { Html: { Data: html, Charset: 'UTF-8' } } : {}) },
          ...(attachments?.length
            ? {
                Attachments: attachments.map((attachment) => ({
                  FileName: attachment.fileName,
                  ContentType: attachment.contentType,
                  ContentDisposition: attachment.disposition === 'inline' ? 'INLINE' : 'ATTACHMENT',
                  ContentTransferEncoding: 'BASE64',
                  RawContent: typeof attachment.content === 'string' ? new TextEncoder().encode(attachment.content) : attachment.content,
                })),
              }
            : {}),
        },
      },
    }),
  );
};
