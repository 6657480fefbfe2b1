import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { eventRules, ruleSource, STREAM_EVENT_SOURCE } from '@mentoring/shared';
import { listen } from '../ports';
import type { AttachmentStorage } from './attachments';
import { createChatStandIn } from './chat';
import { StreamApiError } from './errors';
import { answerPreflight, sendError } from './http';
import { createNotImitatedLog, type NotImitatedRequest } from './not-imitated';
import { persistedState } from './store';
import { createTokenVerifier, signStreamToken } from './tokens';
import type { VideoStandIn, VideoStandInDeps } from './video';
import { emptyUsers, StreamUsers } from './users';
import { createWebhookSender, type StreamWebhookEvent } from './webhooks';

export interface StreamStandInOptions {
  apiKey: string;
  secret: string;
  /** Where its state is kept (`.local/stream`); in memory when absent. */
  dataDir?: string;
  /** The stage's /api/webhooks/stream; a function, as the stage's URL is known only once it listens. */
  webhookUrl: () => string | undefined;
  /** Where chat attachments are kept (the stage's s3rver). */
  s3: AttachmentStorage;
  /** The video coordinator and SFU, when there is one. */
  video?: (deps: VideoStandInDeps) => Promise<VideoStandIn>;
  port?: number;
  log?: (message: string, details?: unknown) => void;
  /** A file to append each request it does not imitate to, as a JSON line. */
  notImitatedLog?: string;
  /** The event types it sends as webhooks: those the product's rules consume unless told otherwise (a test's). */
  webhookEvents?: ReadonlySet<string>;
}

export interface StreamStandIn {
  /** http://127.0.0.1:<port>: the chat client's baseURL and the node SDK's basePath. */
  url: string;
  port: number;
  users: StreamUsers;
  /** Resolves once every webhook sent so far has been delivered (or given up). */
  webhooksSettled(): Promise<void>;
  /** The requests it did not imitate, oldest first (the last thousand). */
  notImitated(): readonly NotImitatedRequest[];
  stop(): Promise<void>;
}

/** Stream's events the product's rules consume (shared/src/event-rules.ts); only these are sent as webhooks, as a filtered Stream app would. */
export const consumedStreamEvents = new Set(eventRules.filter((rule) => ruleSource(rule) === STREAM_EVENT_SOURCE).flatMap((rule) => rule.detailTypes));

const describe = (details: unknown) =>
  details instanceof Error ? `${details.name}: ${details.message}` : inspect(details, { breakLength: Infinity, depth: 3 });

const isVideoPath = (path: string) => path.startsWith('/video/') || path === '/video' || path.startsWith('/api/v2/video/');

/**
 * The local stand-in for Stream's hosted service: one HTTP + WebSocket server on a free loopback port, serving
 * the chat API (./chat) and handing the video paths to the video stand-in. Whatever it does not imitate is
 * answered in Stream's error shape with "not imitated", and logged, so gaps show up.
 */
export const createStreamStandIn = async (options: StreamStandInOptions): Promise<StreamStandIn> => {
  // One line each, with what went wrong: the test runner shows a failed step the stage's matching lines only.
  const log = options.log ?? ((message: string, details?: unknown) => console.error(details === undefined ? message : `${message}: ${describe(details)}`));
  const tokens = createTokenVerifier({ apiKey: options.apiKey, secret: options.secret });
  const usersState = persistedState(options.dataDir, 'users', emptyUsers);
  const users = new StreamUsers(usersState);
  const webhooks = createWebhookSender({ apiKey: options.apiKey, secret: options.secret, url: options.webhookUrl, log });
  const notImitatedLog = createNotImitatedLog(options.notImitatedLog);
  const sendWebhook = (event: StreamWebhookEvent) => {
    if ((options.webhookEvents ?? consumedStreamEvents).has(event.type)) webhooks.send(event);
  };

  const server = createServer();
  const port = await listen(server, options.port ?? 0, '127.0.0.1');
  const url = `http://127.0.0.1:${port}`;
  const chat = createChatStandIn({ tokens, users, sendWebhook, dataDir: options.dataDir, publicBaseUrl: url, s3: options.s3, log });
  const video = options.video
    ? await options.video({
        apiKey: options.apiKey,
        verifyUserToken: (token) => tokens.verifyUserToken(token),
        verifyServerToken: (token) => tokens.verifyServerToken(token),
        users,
        sendWebhook,
        publicBaseUrl: url,
        signUserToken: (claims) => signStreamToken(claims, options.secret),
        log,
        notImitated: (method, path) => notImitatedLog.record(method, path),
        ...(options.dataDir ? { dataDir: join(options.dataDir, 'video') } : {}),
      })
    : undefined;

  const notImitated = (req: IncomingMessage, res: ServerResponse, path: string) => {
    log(`[stream stand-in] not imitated: ${req.method} ${path}`);
    notImitatedLog.record(req.method ?? 'GET', path);
    sendError(res, new StreamApiError('doesNotExist', `not imitated by the local Stream stand-in: ${req.method} ${path}`));
  };

  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const requestUrl = new URL(req.url ?? '/', url);
    const path = requestUrl.pathname;
    if (req.method === 'OPTIONS') {
      answerPreflight(req, res);
      return;
    }
    void (async () => {
      if (isVideoPath(path)) {
        if (!(video && (await video.handle(req, res, requestUrl)))) notImitated(req, res, path);
        return;
      }
      if (!(await chat.handle(req, res, requestUrl))) notImitated(req, res, path);
    })().catch((error: unknown) => {
      log(`[stream stand-in] ${req.method} ${path} failed: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent) sendError(res, new StreamApiError('internal', 'the local Stream stand-in failed; see its log'));
    });
  });

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = new URL(req.url ?? '/', url).pathname;
    if (path.startsWith('/video/') && video?.upgrade(req, socket, head)) return;
    if (chat.upgrade(req, socket, head)) return;
    log(`[stream stand-in] not imitated: WebSocket ${path}`);
    notImitatedLog.record('WebSocket', path);
    socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
  });

  return {
    url,
    port,
    users,
    webhooksSettled: () => webhooks.settled(),
    notImitated: () => notImitatedLog.entries(),
    async stop() {
      await video?.close();
      await chat.close();
      usersState.flush();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
};
