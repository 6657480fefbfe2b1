import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { StreamApiError } from '../errors';
import { duration, readJson, sendError, sendJson } from '../http';
import { createChatContext, type ChatStandInDeps } from './context';
import { chatRoutes } from './routes';

export type { ChatStandInDeps } from './context';

/**
 * Stream Chat's REST API and WebSocket events, as the real stream-chat (browser) and @stream-io/node-sdk (server)
 * use them for this product: channels of type `messaging` with members, messages, threads, reactions, typing, read
 * state and unread counts, uploads, user search, and the server's user and channel calls. Only members read or
 * write a channel, a frozen channel refuses messages and reactions, a deactivated user cannot connect.
 */
export const createChatStandIn = (deps: ChatStandInDeps) => {
  const ctx = createChatContext(deps);
  const { authenticate, hub, store } = ctx;
  const { routes, serveAttachment } = chatRoutes(ctx);

  return {
    async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
      if (req.method === 'GET' && url.pathname.startsWith('/attachments/')) {
        await serveAttachment(res, decodeURIComponent(url.pathname.slice('/attachments/'.length)));
        return true;
      }
      // Fixed words win over parameters (/channels/read, /users/delete).
      const candidates = routes.filter((r) => r.method === req.method && r.pattern.test(url.pathname));
      const found = candidates.find((r) => r.names.length === 0) ?? candidates[0];
      if (!found) return false;
      const startedAt = performance.now();
      const match = found.pattern.exec(url.pathname)!;
      const params = Object.fromEntries(found.names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
      try {
        const caller = authenticate(req, url);
        let body: Promise<Record<string, unknown>> | undefined;
        const result = await found.handler({ req, url, params, caller, connection: hub.get(url.searchParams.get('connection_id')), body: () => (body ??= readJson(req)) });
        sendJson(res, found.endpoint === 'SendMessage' || found.endpoint === 'SendReaction' ? 201 : 200, { ...result, duration: duration(startedAt) });
      } catch (error) {
        if (!(error instanceof StreamApiError)) throw error;
        sendError(res, error, found.endpoint);
      }
      return true;
    },
    upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => hub.upgrade(req, socket, head),
    async close() {
      hub.close();
      store.flush();
    },
  };
};
