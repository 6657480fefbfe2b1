import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { inject } from 'vitest';
import { queueClient } from './sqs';

/** An event the stage's bus took, as its rule into the suite's queue delivers it (the EventBridge event itself). */
export interface BusEvent {
  id: string;
  source: string;
  'detail-type': string;
  detail: { call_cid?: string; cid?: string; storedDetail?: { key: string } };
}

/** What this file has taken off the queue so far: every test file reads only events of its own calls. */
const received: BusEvent[] = [];

/**
 * Every event the stage's bus has copied into the suite's queue so far (dev and staging: BUS_EVENTS_QUEUE_URL;
 * locally its twin, test/support/aws-twins.ts): the queue is read until it gives nothing more, each message
 * deleted once kept here. Files run one at a time, so nothing else reads the queue meanwhile.
 */
export const busEvents = async (): Promise<BusEvent[]> => {
  const QueueUrl = inject('busEventsQueueUrl');
  if (!QueueUrl) throw new Error('This stage copies no bus events: only dev and staging have BUS_EVENTS_QUEUE_URL');
  const client = queueClient(QueueUrl);
  try {
    for (;;) {
      const { Messages = [] } = await client.send(new ReceiveMessageCommand({ QueueUrl, MaxNumberOfMessages: 10, VisibilityTimeout: 30, WaitTimeSeconds: 0 }));
      if (Messages.length === 0) return [...received];
      for (const message of Messages) {
        received.push(JSON.parse(message.Body ?? '{}') as BusEvent);
        await client.send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: message.ReceiptHandle }));
      }
    }
  } finally {
    client.destroy();
  }
};

/** The events the bus took of one call (Stream's events name it `call_cid`). */
export const busEventsOf = async (cid: string) => (await busEvents()).filter((event) => event.detail.call_cid === cid);
