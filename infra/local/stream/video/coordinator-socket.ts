import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { StreamUser } from './coordinator';
import { asStreamError, errorBody } from '../errors';

interface Deps {
  apiKey: string;
  verifyUserToken(token: string): { userId: string; claims: Record<string, unknown> };
  users: { get(id: string): StreamUser | undefined; upsert(user: StreamUser): StreamUser };
  log(message: string, details?: unknown): void;
}

interface AuthMessage {
  token?: string;
  user_details?: { id?: string; name?: string; image?: string; custom?: Record<string, unknown> };
}

/**
 * The coordinator's WebSocket (/video/connect) as the video client speaks it: the first message is the auth
 * message, answered with `connection.ok` (or `connection.error` and a close); `health.check` pings are echoed;
 * afterwards the socket carries the call events of the user.
 */
export class CoordinatorSockets {
  private readonly byUser = new Map<string, Set<WebSocket>>();

  constructor(private readonly deps: Deps) {}

  accept(ws: WebSocket, url: URL) {
    const connectionId = randomUUID();
    let userId: string | undefined;
    const fail = (error: unknown) => {
      const e = asStreamError(error);
      ws.send(JSON.stringify({ type: 'connection.error', connection_id: connectionId, created_at: new Date().toISOString(), error: errorBody(e) }));
      ws.close(1000, e.message.slice(0, 120));
    };
    if (url.searchParams.get('api_key') !== this.deps.apiKey) {
      fail({ status: 401, code: 2, message: 'api_key not valid' });
      return;
    }
    ws.on('message', (data) => {
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        return;
      }
      const pings = Array.isArray(message) ? message : [message];
      if (userId) {
        if (pings.some((m: { type?: string }) => m?.type === 'health.check')) {
          ws.send(JSON.stringify({ type: 'health.check', connection_id: connectionId, created_at: new Date().toISOString() }));
        }
        return;
      }
      try {
        userId = this.authenticate(message as AuthMessage);
      } catch (error) {
        fail(error);
        return;
      }
      const sockets = this.byUser.get(userId) ?? new Set();
      sockets.add(ws);
      this.byUser.set(userId, sockets);
      ws.send(JSON.stringify({ type: 'connection.ok', connection_id: connectionId, created_at: new Date().toISOString(), me: this.me(userId) }));
    });
    ws.on('close', () => {
      if (userId) this.byUser.get(userId)?.delete(ws);
    });
  }

  private authenticate(message: AuthMessage) {
    if (!message?.token) throw { status: 401, code: 4, message: 'WS auth message is missing its token' };
    const { userId } = this.deps.verifyUserToken(message.token);
    const details = message.user_details ?? {};
    if (details.id && details.id !== userId) throw { status: 401, code: 4, message: `the token's user_id ${userId} does not match user_details.id ${details.id}` };
    const existing = this.deps.users.get(userId);
    if (existing?.deactivated_at) throw { status: 403, code: 45, message: `user ${userId} is deactivated` };
    // Connecting creates or updates the user from user_details, as Stream does (its role and custom data stay).
    this.deps.users.upsert({
      ...existing,
      id: userId,
      ...(details.name !== undefined ? { name: details.name } : {}),
      ...(details.image !== undefined ? { image: details.image } : {}),
    });
    return userId;
  }

  private me(userId: string) {
    const user = this.deps.users.get(userId);
    const now = new Date().toISOString();
    return {
      id: userId, name: user?.name, image: user?.image, role: user?.role ?? 'user', custom: user?.custom ?? {}, teams: user?.teams ?? [],
      language: '', devices: [], blocked_user_ids: [], created_at: user?.created_at ?? now, updated_at: user?.updated_at ?? now,
    };
  }

  deliver(userIds: Iterable<string>, event: Record<string, unknown>) {
    const text = JSON.stringify(event);
    for (const id of userIds) for (const ws of this.byUser.get(id) ?? []) if (ws.readyState === ws.OPEN) ws.send(text);
  }

  close() {
    for (const sockets of this.byUser.values()) for (const ws of sockets) ws.terminate();
    this.byUser.clear();
  }
}
