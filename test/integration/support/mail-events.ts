import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { inject } from 'vitest';
import { queueClient } from './sqs';

/** What SES publishes of a message it sent (raw delivery from its SNS destination): who it went to and its subject, never its body. */
export interface MailEvent {
  eventType: string;
  mail: { messageId: string; destination: string[]; commonHeaders: { subject: string } };
}

/**
 * Events this process received while waiting for another, with their receipt handles, for as long as the queue hides
 * them: a wait for one of them (the other member of a booking, say) takes it from here at once instead of ten seconds on.
 */
const held = new Map<string, { event: MailEvent; receiptHandle: string; hiddenUntil: number }>();

const address = (entry: string) => (entry.match(/<([^>]+)>/)?.[1] ?? entry).trim().toLowerCase();

/**
 * Waits for SES's `Send` event of a message to this address whose subject `accept` likes, from the stage's mail
 * event queue (dev and staging: MAIL_EVENTS_QUEUE_URL; locally its twin, test/support/aws-twins.ts), and
 * takes it off the queue. Others' events come back for them ten seconds later (the visibility timeout): meanwhile
 * each receive reaches further into a queue that every file's mail fills, at once while it has more to give.
 */
export const waitForMailEvent = async (to: string, accept: (subject: string) => boolean, timeoutMs = 30_000): Promise<MailEvent> => {
  const QueueUrl = inject('mailEventsQueueUrl');
  if (!QueueUrl) throw new Error('This stage publishes no mail events: only dev and staging have MAIL_EVENTS_QUEUE_URL');
  const client = queueClient(QueueUrl);
  const deadline = Date.now() + timeoutMs;
  const wanted = (event: MailEvent) => event.eventType === 'Send' && event.mail.destination.some((entry) => address(entry) === to.toLowerCase()) && accept(event.mail.commonHeaders.subject);
  try {
    for (;;) {
      for (const [id, { event, receiptHandle, hiddenUntil }] of held) {
        if (hiddenUntil < Date.now()) held.delete(id);
        else if (wanted(event)) {
          held.delete(id);
          await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: receiptHandle }));
          return event;
        }
      }
      const receivedAt = Date.now();
      const { Messages = [] } = await client.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 10, WaitTimeSeconds: 1 }));
      for (const message of Messages) {
        const event = JSON.parse(message.Body ?? '{}') as MailEvent;
        if (!wanted(event)) {
          // A second short of the visibility timeout: past it, the queue may give the message (a new handle) to another.
          held.set(message.MessageId!, { event, receiptHandle: message.ReceiptHandle!, hiddenUntil: receivedAt + 9_000 });
          continue;
        }
        await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: message.ReceiptHandle }));
        return event;
      }
      if (Date.now() > deadline) throw new Error(`No mail event of a message to ${to} within ${timeoutMs} ms`);
      if (Messages.length === 0) await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    client.destroy();
  }
};
