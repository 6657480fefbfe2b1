import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHmac } from 'node:crypto';
import { StreamChat, type Event } from 'stream-chat';
import { StreamClient } from '@stream-io/node-sdk';
import { createStreamStandIn, createVideoStandIn, s3AttachmentStorage, type StreamStandIn } from '../../infra/local/stream';
import { startS3rver } from '../../infra/local/s3';

/**
 * A Stream stand-in of its own (in memory, attachments in a scratch s3rver) for contract tests that drive it with
 * the real SDKs: stream-chat as the browser uses it, @stream-io/node-sdk as the functions do.
 */
export const startTestStandIn = async ({
  webhookUrl = () => undefined,
  webhookEvents,
  apiKey = 'stand-in-test-key',
  secret = 'stand-in-test-secret',
  video = false,
}: {
  webhookUrl?: () => string | undefined;
  webhookEvents?: ReadonlySet<string>;
  /** The stage's own key and secret, when its webhook route is to take the stand-in's deliveries as Stream's. */
  apiKey?: string;
  secret?: string;
  /** With the video coordinator and SFU, as the stage runs it. */
  video?: boolean;
} = {}) => {
  const scratch = mkdtempSync(join(tmpdir(), 'stream-stand-in-'));
  const s3 = await startS3rver({ directory: join(scratch, 's3rver') });
  const standIn: StreamStandIn = await createStreamStandIn({
    apiKey,
    secret,
    webhookUrl,
    ...(webhookEvents ? { webhookEvents } : {}),
    s3: s3AttachmentStorage({ endpoint: s3.endpoint, bucket: s3.buckets.media! }),
    ...(video ? { video: createVideoStandIn } : {}),
    log: () => undefined,
  });
  const server = new StreamClient(apiKey, secret, { basePath: standIn.url, timeout: 5000 });
  const token = (claims: Record<string, unknown>) => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
    return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
  };
  const userToken = (userId: string, extra: Record<string, unknown> = {}) => token({ user_id: userId, iat: Math.floor(Date.now() / 1000) - 5, exp: Math.floor(Date.now() / 1000) + 3600, ...extra });
  const clients: StreamChat[] = [];
  /** A browser's client (its own instance, not the singleton), pointed at the stand-in by its documented option. */
  const chatClient = () => {
    const client = new StreamChat(apiKey, { baseURL: standIn.url, timeout: 5000, allowServerSideConnect: true });
    clients.push(client);
    return client;
  };
  const connect = async (userId: string, name = userId) => {
    const client = chatClient();
    await client.connectUser({ id: userId, name }, userToken(userId));
    return client;
  };
  return {
    apiKey,
    secret,
    standIn,
    server,
    token,
    userToken,
    chatClient,
    connect,
    async stop() {
      await Promise.all(clients.map((client) => client.disconnectUser().catch(() => undefined)));
      await standIn.stop();
      await s3.stop();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
};

/** Resolves with the first event of `type` the client receives (filtered further by `where`). */
export const nextEvent = (client: StreamChat, type: string, where: (event: Event) => boolean = () => true) =>
  new Promise<Event>((resolve) => {
    const { unsubscribe } = client.on(type, (event) => {
      if (!where(event)) return;
      unsubscribe();
      resolve(event);
    });
  });

/** stream-chat rejects a refused connect with an Error whose message is the JSON of Stream's error ({code, StatusCode, message}). */
export const connectError = async (connecting: Promise<unknown>) => {
  try {
    await connecting;
  } catch (error) {
    return JSON.parse((error as Error).message) as { code: number; StatusCode: number; message: string };
  }
  throw new Error('The connection was accepted');
};
