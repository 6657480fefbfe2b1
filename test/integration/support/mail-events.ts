import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { inject } from 'vitest';
import { queueClient } from './sqs';

/** What SES publishes of a message it sent (raw delivery from its SNS destination): who it went to and its subject, never its body. */
export interface MailEvent {
  eventType: string;
  mail: { messageId: string; destination: string[]; commonHeaders: { subject: string } };
}

/**
 * Every event this file took off the queue and has not yet been waited for. Files run one at a time and each mails
 * members of its own, so what another file left in the queue is taken off once and never wanted: the queue stays
 * short, where paging past others' events kept getting slower as the run went on.
 */
const received: MailEvent[] = [];

const address = (entry: string) => (entry.match(/<([^>]+)>/)?.[1] ?? entry).trim().toLowerCase();

/**
 * Waits for SES's `Send` event of a message to this address whose subject `accept` likes, from the stage's mail
 * event queue (dev and staging: MAIL_EVENTS_QUEUE_URL; locally its twin, test/support/aws-twins.ts). Each receive
 * takes what the queue gives off it (deleted, kept here for a later wait of this file).
 */
export const waitForMailEvent = async (to: string, accept: (subject: string) => boolean, timeoutMs = 30_000): Promise<MailEvent> => {
  const QueueUrl = inject('mailEventsQueueUrl');
  if (!QueueUrl) throw new Error('This stage publishes no mail events: only dev and staging have MAIL_EVENTS_QUEUE_URL');
  const client = queueClient(QueueUrl);
  const deadline = Date.now() + timeoutMs;
  const wanted = (event: MailEvent) => event.eventType === 'Send' && event.mail.destination.some((entry) => address(entry) === to.toLowerCase()) && accept(event.mail.commonHeaders.subject);
  try {
    for (;;) {
      const index = received.findIndex(wanted);
      if (index >= 0) return received.splice(index, 1)[0]!;
      const { Messages = [] } = await client.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 30, WaitTimeSeconds: 1 }));
      for (const message of Messages) {
        received.push(JSON.parse(message.Body ?? '{}') as MailEvent);
        await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: message.ReceiptHandle }));
      }
      if (Messages.length === 0) {
        if (Date.now() > deadline) throw new Error(`No mail event of a message to ${to} within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
  } finally {
    client.destroy();
  }
};
