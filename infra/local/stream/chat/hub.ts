import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { errorBody, StreamApiError } from '../errors';
import type { TokenVerifier } from '../tokens';
import type { StreamUsers } from '../users';

export interface ChatConnection {
  id: string;
  userId: string;
  socket: WebSocket;
  /** The channels (cids) this connection watches: their events come to it. */
  watching: Set<string>;
}

/**
 * The chat WebSocket (`/connect`), as stream-chat's StableWSConnection speaks it: the user token and the user in
 * the query string, the first message a `health.check` with `me` and the connection id (or `{error}` followed by
 * a close with code 1000, which the client takes as final), then events; the client's health checks are answered.
 */
export const createChatHub = ({
  tokens,
  users,
  me,
  log,
  onPresence = () => undefined,
}: {
  tokens: TokenVerifier;
  users: StreamUsers;
  /** The OwnUserResponse for `me` (unread counts included). */
  me: (userId: string) => Record<string, unknown>;
  log: (message: string) => void;
  /** A user's first socket opened, or their last one closed. */
  onPresence?: (userId: string, online: boolean) => void;
}) => {
  const wss = new WebSocketServer({ noServer: true });
  const connections = new Map<string, ChatConnection>();

  const refuse = (socket: WebSocket, error: StreamApiError) => {
    socket.send(JSON.stringify({ error: errorBody(error) }));
    socket.close(1000, error.reason);
  };

  const open = (socket: WebSocket, req: IncomingMessage) => {
    const params = new URL(req.url ?? '/', 'http://localhost').searchParams;
    let connection: ChatConnection;
    try {
      tokens.verifyApiKey(params.get('api_key'));
      const payload = JSON.parse(params.get('json') ?? '{}') as { user_id?: string; user_details?: Record<string, unknown> };
      const { userId } = tokens.verifyUserToken(params.get('authorization') ?? undefined);
      if (payload.user_id && payload.user_id !== userId) throw new StreamApiError('authenticationFailed', `the token is for user "${userId}", not "${payload.user_id}"`);
      users.connect(userId, payload.user_details);
      connection = { id: randomUUID(), userId, socket, watching: new Set() };
    } catch (error) {
      if (!(error instanceof StreamApiError)) log(`[stream stand-in] chat connect failed: ${(error as Error).message}`);
      refuse(socket, error instanceof StreamApiError ? error : new StreamApiError('inputError', 'the connect payload is not valid'));
      return;
    }
    const wasOnline = users.isOnline(connection.userId);
    connections.set(connection.id, connection);
    users.setOnline(connection.userId, true);
    if (!wasOnline) onPresence(connection.userId, true);
    socket.send(JSON.stringify({ type: 'health.check', connection_id: connection.id, cid: '*', me: me(connection.userId), created_at: new Date().toISOString() }));
    socket.on('message', (data) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(String(data));
      } catch {
        return;
      }
      const messages = Array.isArray(parsed) ? parsed : [parsed];
      if (messages.some((m) => (m as { type?: string })?.type === 'health.check')) {
        socket.send(JSON.stringify({ type: 'health.check', connection_id: connection.id, cid: '*', created_at: new Date().toISOString() }));
      }
    });
    socket.on('close', () => {
      connections.delete(connection.id);
      if (![...connections.values()].some((other) => other.userId === connection.userId)) {
        users.setOnline(connection.userId, false);
        onPresence(connection.userId, false);
      }
    });
  };

  wss.on('connection', open);

  return {
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
      if (new URL(req.url ?? '/', 'http://localhost').pathname !== '/connect') return false;
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
      return true;
    },
    get(connectionId: string | null | undefined) {
      return connectionId ? connections.get(connectionId) : undefined;
    },
    all: () => [...connections.values()],
    send(connection: ChatConnection, event: Record<string, unknown>) {
      if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(JSON.stringify(event));
    },
    /** A deactivated or deleted user's sockets are closed, as Stream disconnects them. */
    disconnectUser(userId: string, reason: string) {
      for (const connection of connections.values()) if (connection.userId === userId) connection.socket.close(1000, reason);
    },
    close() {
      for (const connection of connections.values()) connection.socket.terminate();
      wss.close();
    },
  };
};

export type ChatHub = ReturnType<typeof createChatHub>;
