import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoggedEvent } from '../../infra/local/event-bus';
import type { SentMail } from './mail';

/** A message a twin queue holds: its id (also its receipt handle) and its body as the queue's source delivers it. */
export interface TwinMessage {
  id: string;
  body: string;
}

/**
 * The local twins of what dev and staging have for the integration suite alone, reached with AWS's own clients as
 * the suite reaches them on AWS: SQS queues (SES's mail events, the bus's copy of every event) and the Stream
 * secret in Secrets Manager. A queue speaks SQS's JSON protocol for the two calls the suite makes (ReceiveMessage,
 * DeleteMessage) and takes its messages from its source, the stand-in AWS would deliver from. As SQS does, a
 * message received and not deleted is hidden for the request's VisibilityTimeout (the queue's 30 s without one),
 * so successive receives page through a queue longer than one answer.
 */
export const startAwsTwins = async ({ queues, secrets = {} }: { queues: Record<string, () => Promise<TwinMessage[]>>; secrets?: Record<string, string> }) => {
  const deleted = new Set<string>();
  const hiddenUntil = new Map<string, number>();
  const body = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text || '{}') as Record<string, unknown>;
  };
  const server = createServer(async (request, response) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const input = await body(request);
    const answer = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' }).end(JSON.stringify(json));
    if (target === 'secretsmanager.GetSecretValue') {
      const name = String(input.SecretId);
      const value = secrets[name];
      if (value === undefined) return answer(400, { __type: 'ResourceNotFoundException', message: 'Secrets Manager can\'t find the specified secret.' });
      return answer(200, { ARN: `arn:aws:secretsmanager:us-east-1:000000000000:secret:${name}`, Name: name, SecretString: value, VersionId: 'local', VersionStages: ['AWSCURRENT'] });
    }
    const source = queues[String(input.QueueUrl ?? '').split('/').pop() ?? ''];
    if (target.startsWith('AmazonSQS.') && !source) return answer(400, { __type: 'com.amazonaws.sqs#QueueDoesNotExist', message: 'The specified queue does not exist.' });
    if (target === 'AmazonSQS.ReceiveMessage') {
      const now = Date.now();
      const visible = (message: TwinMessage) => !deleted.has(message.id) && (hiddenUntil.get(message.id) ?? 0) <= now;
      const waiting = (await source!()).filter(visible).slice(0, Number(input.MaxNumberOfMessages ?? 1));
      const hideFor = Number(input.VisibilityTimeout ?? 30) * 1000;
      for (const message of waiting) hiddenUntil.set(message.id, now + hideFor);
      // The SDK checks each body against its MD5, as SQS sends it.
      const messages = waiting.map(({ id, body: Body }) => ({ MessageId: id, ReceiptHandle: id, Body, MD5OfBody: createHash('md5').update(Body).digest('hex') }));
      return answer(200, messages.length ? { Messages: messages } : {});
    }
    if (target === 'AmazonSQS.DeleteMessage') {
      deleted.add(String(input.ReceiptHandle));
      return answer(200, {});
    }
    answer(400, { __type: 'UnsupportedOperation', message: `Not imitated by the suite's AWS twins: ${target}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    queueUrl: (name: string) => `${endpoint}/000000000000/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

/** SES's `Send` event of each message the SES stand-in took, as its SNS destination delivers it (raw). */
export const sesSendEvents = (sesEndpoint: string) => async (): Promise<TwinMessage[]> => {
  const { emails } = (await (await fetch(`${sesEndpoint}/store`)).json()) as { emails: SentMail[] };
  // SES's event as its SNS destination delivers it (docs: "Contents of event data that Amazon SES publishes to Amazon SNS").
  return emails.map((mail) => ({
    id: mail.messageId,
    body: JSON.stringify({
      eventType: 'Send',
      mail: {
        timestamp: new Date(mail.at * 1000).toISOString(),
        messageId: mail.messageId,
        source: mail.from,
        destination: [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc],
        commonHeaders: { from: [mail.from], to: mail.destination.to, subject: mail.subject },
      },
      send: {},
    }),
  }));
};

/** Every event the local bus took, as a rule's SQS target delivers it on AWS: the event itself. */
export const busEventCopies = (busEndpoint: string) => async (): Promise<TwinMessage[]> => {
  const { events } = (await (await fetch(`${busEndpoint}/_local/events`)).json()) as { events: LoggedEvent[] };
  return events.map(({ event }) => ({ id: event.id, body: JSON.stringify(event) }));
};
