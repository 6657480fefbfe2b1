import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SentMail } from './mail';

/**
 * The local twin of what dev and staging have for the integration suite (infra/lib/stacks/mail-stack.ts): SES
 * publishing a `Send` event of each message through SNS into an SQS queue (raw delivery), which the suite reads with
 * the SQS client as it would on AWS. It speaks SQS's JSON protocol for the two calls the suite makes (ReceiveMessage,
 * DeleteMessage) and makes the events from the SES stand-in's store. As SQS does, a message received and not
 * deleted is hidden for the request's VisibilityTimeout (the queue's 30 s without one), so successive receives page
 * through a queue longer than one answer; there is one queue, whatever its URL names.
 */
export const startSesEventQueue = async (sesEndpoint: string) => {
  const deleted = new Set<string>();
  const hiddenUntil = new Map<string, number>();
  const body = async (request: IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text || '{}') as Record<string, unknown>;
  };
  // SES's event as its SNS destination delivers it (docs: "Contents of event data that Amazon SES publishes to Amazon SNS").
  const sendEvent = (mail: SentMail) => ({
    eventType: 'Send',
    mail: {
      timestamp: new Date(mail.at * 1000).toISOString(),
      messageId: mail.messageId,
      source: mail.from,
      destination: [...mail.destination.to, ...mail.destination.cc, ...mail.destination.bcc],
      commonHeaders: { from: [mail.from], to: mail.destination.to, subject: mail.subject },
    },
    send: {},
  });
  const server = createServer(async (request, response) => {
    const target = String(request.headers['x-amz-target'] ?? '');
    const input = await body(request);
    const answer = (status: number, json: unknown) => response.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' }).end(JSON.stringify(json));
    if (target === 'AmazonSQS.ReceiveMessage') {
      const everything = (await (await fetch(`${sesEndpoint}/store`)).json()) as { emails: SentMail[] };
      const now = Date.now();
      const visible = (mail: SentMail) => !deleted.has(mail.messageId) && (hiddenUntil.get(mail.messageId) ?? 0) <= now;
      const waiting = everything.emails.filter(visible).slice(0, Number(input.MaxNumberOfMessages ?? 1));
      const hideFor = Number(input.VisibilityTimeout ?? 30) * 1000;
      for (const mail of waiting) hiddenUntil.set(mail.messageId, now + hideFor);
      const message = (mail: SentMail) => {
        const Body = JSON.stringify(sendEvent(mail));
        // The SDK checks each body against its MD5, as SQS sends it.
        return { MessageId: mail.messageId, ReceiptHandle: mail.messageId, Body, MD5OfBody: createHash('md5').update(Body).digest('hex') };
      };
      answer(200, waiting.length ? { Messages: waiting.map(message) } : {});
      return;
    }
    if (target === 'AmazonSQS.DeleteMessage') {
      deleted.add(String(input.ReceiptHandle));
      answer(200, {});
      return;
    }
    answer(400, { __type: 'com.amazonaws.sqs#UnsupportedOperation', message: `Not imitated by the local SES event queue: ${target}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    queueUrl: `${endpoint}/000000000000/mentoring-local-mail-events`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
