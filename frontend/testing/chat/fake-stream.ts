import { http, HttpResponse } from 'msw';

/**
 * Stream at the network boundary for page tests: a scripted WebSocket (the SDKs' realtime connection)
 * and msw handlers for Stream's REST API. The real stream-chat client and stream-chat-react UI run above it.
 */
export const CHAT_API = 'https://chat.stream-io-api.com';

export interface RecordedRequest {
  method: string;
  path: string;
  body: Record<string, unknown> | null;
}

export const createFakeStream = (me: { id: string; name: string }) => {
  const requests: RecordedRequest[] = [];
  const sockets: FakeSocket[] = [];

  class FakeSocket extends EventTarget {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = 0;
    binaryType = 'blob';
    onopen: ((event: Event) => void) | null = null;
    onmessage: ((event: MessageEvent) => void) | null = null;
    onclose: ((event: CloseEvent) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    readonly sent: string[] = [];

    constructor(readonly url: string) {
      super();
      sockets.push(this);
      setTimeout(() => {
        this.readyState = 1;
        this.emit('open', new Event('open'));
        // Chat considers itself connected on the first health check; video on connection.ok after its auth message.
        if (this.isChat) this.receive({ type: 'health.check', connection_id: 'chat-connection', cid: '*', me: { ...me, role: 'user', mutes: [], channel_mutes: [], devices: [], unread_count: 0, total_unread_count: 0, unread_channels: 0 } });
      }, 0);
    }

    get isChat() {
      return this.url.startsWith('wss://chat.stream-io-api.com/');
    }

    send(data: string) {
      this.sent.push(data);
      if (!this.isChat && this.sent.length === 1) this.receive({ type: 'connection.ok', connection_id: 'video-connection', me });
    }

    close(code = 1000, reason = '') {
      if (this.readyState === 3) return;
      this.readyState = 3;
      setTimeout(() => this.emit('close', new CloseEvent('close', { code, reason, wasClean: true })), 0);
    }

    receive(event: Record<string, unknown>) {
      this.emit('message', new MessageEvent('message', { data: JSON.stringify({ created_at: new Date().toISOString(), ...event }) }));
    }

    private emit(type: 'open' | 'message' | 'close' | 'error', event: Event) {
      const handler = this[`on${type}`] as ((event: Event) => void) | null;
      handler?.call(this, event);
      this.dispatchEvent(event);
    }
  }

  const record = async (request: Request) => {
    const body = request.method === 'GET' ? null : ((await request.clone().json().catch(() => null)) as Record<string, unknown> | null);
    const entry = { method: request.method, path: new URL(request.url).pathname, body };
    requests.push(entry);
    return entry;
  };

  return { FakeSocket, sockets, requests, record };
};

/** The calls the video client makes on connect; answered so it connects quietly. */
export const videoHandlers = [
  http.head('https://hint.stream-io-video.com/', () => new HttpResponse(null, { headers: { 'x-amz-cf-pop': 'AMS1-P2' } })),
  http.all('https://video.stream-io-api.com/*', () => HttpResponse.json({ duration: '1ms' })),
];
