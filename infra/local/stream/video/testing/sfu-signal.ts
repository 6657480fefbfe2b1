import { WebSocket } from 'ws';
import { SfuEvent, SfuRequest } from '../../sfu/generated/video/sfu/event/events';
import type { VideoHarness } from './harness';

/** The SFU's signalling spoken by a test with the protocol's own messages, as the video client speaks it. */
export interface Credentials {
  server: { url: string; ws_endpoint: string };
  token: string;
}

/** POST /video/call/{type}/{id}/join as a user; the answer's status and credentials. */
export const joinCoordinator = async (harness: VideoHarness, userId: string, callId: string, type = 'default', body: Record<string, unknown> = { create: true }) => {
  const response = await fetch(`${harness.baseUrl}/video/call/${type}/${callId}/join?api_key=${harness.apiKey}`, {
    method: 'POST',
    headers: { authorization: harness.userToken(userId), 'stream-auth-type': 'jwt', 'content-type': 'application/json' },
    body: JSON.stringify({ location: 'LCL', ...body }),
  });
  const json = (await response.json()) as { credentials: Credentials; own_capabilities: string[] } & Record<string, unknown>;
  return { status: response.status, body: json, credentials: json.credentials };
};

/** A signalling connection that collects the SFU's events. */
export const connectSignal = async (credentials: Credentials, sessionId: string) => {
  const ws = new WebSocket(`${credentials.server.ws_endpoint}?user_session_id=${sessionId}`);
  const events: SfuEvent[] = [];
  const waiters: { kind: string; resolve: (event: SfuEvent) => void }[] = [];
  ws.on('message', (data) => {
    const event = SfuEvent.fromBinary(new Uint8Array(data as Buffer));
    events.push(event);
    for (const waiter of waiters.filter((w) => w.kind === event.eventPayload.oneofKind)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(event);
    }
  });
  await new Promise((resolve) => ws.once('open', resolve));
  const next = (kind: SfuEvent['eventPayload']['oneofKind']) =>
    new Promise<SfuEvent>((resolve) => {
      const seen = events.find((e) => e.eventPayload.oneofKind === kind);
      if (seen) {
        events.splice(events.indexOf(seen), 1);
        resolve(seen);
      } else waiters.push({ kind: kind ?? '', resolve });
    });
  const send = (request: SfuRequest['requestPayload']) => ws.send(SfuRequest.toBinary(SfuRequest.create({ requestPayload: request })));
  const closed = new Promise<void>((resolve) => ws.once('close', () => resolve()));
  return { ws, next, send, closed };
};

export const joinRequest = (token: string, sessionId: string): SfuRequest['requestPayload'] => ({
  oneofKind: 'joinRequest',
  joinRequest: { token, sessionId, unifiedSessionId: sessionId, subscriberSdp: '', publisherSdp: '', fastReconnect: false, preferredPublishOptions: [], preferredSubscribeOptions: [], capabilities: [], source: 0 },
});

/** Joins the coordinator and then the SFU, and waits for the SFU's join response. */
export const joinSfu = async (harness: VideoHarness, userId: string, callId: string, type = 'default', body?: Record<string, unknown>) => {
  const { credentials } = await joinCoordinator(harness, userId, callId, type, body);
  const sessionId = `session-${userId}-${callId}`;
  const signal = await connectSignal(credentials, sessionId);
  signal.send(joinRequest(credentials.token, sessionId));
  const joined = await signal.next('joinResponse');
  return { ...signal, sessionId, credentials, joined };
};
