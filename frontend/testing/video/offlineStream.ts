/**
 * The SDK's own StreamVideoClient and Call objects, in process, with Stream's network scripted at the
 * boundary the SDK itself exposes: `WebSocketImpl` (the coordinator socket) and axios' `adapter` (its
 * HTTP API). Nothing inside the SDK is replaced.
 */
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { StreamVideoClient, type CallResponse, type CallSettingsResponse, type OwnCapability, type UserResponse } from '@stream-io/video-react-sdk';

const base64url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

/** A JWT with the user_id claim the SDK reads (signature checks happen on Stream's side, not here). */
export const fakeUserToken = (userId: string) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ user_id: userId })}.signature`;

export const userResponse = (id: string, name = id): UserResponse =>
  ({ id, name, role: 'user', custom: {}, teams: [], created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', language: '' }) as unknown as UserResponse;

/** The coordinator socket: answers the auth message with connection.ok, as Stream does. */
export const createFakeWebSocket = () => {
  const sockets: FakeWebSocket[] = [];
  class FakeWebSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = 0;
    sent: unknown[] = [];
    errors: unknown[] = [];
    onopen: ((event: unknown) => void) | null = null;
    onclose: ((event: unknown) => void) | null = null;
    onerror: ((event: unknown) => void) | null = null;
    onmessage: ((event: { data: string }) => void) | null = null;
    constructor(readonly url: string) {
      sockets.push(this);
      queueMicrotask(() => {
        this.readyState = 1;
        try {
          this.onopen?.({});
        } catch (error) {
          // A browser reports an exception in a socket handler without raising it to the code that opened it.
          this.errors.push(error);
        }
      });
    }
    send(data: string) {
      const message = JSON.parse(data) as { token?: string; user_details?: { id: string; name?: string } };
      this.sent.push(message);
      if (message.token && message.user_details) {
        const me = userResponse(message.user_details.id, message.user_details.name);
        this.receive({ type: 'connection.ok', connection_id: `connection-${sockets.length}`, me, created_at: new Date().toISOString() });
      }
    }
    receive(event: object) {
      queueMicrotask(() => this.onmessage?.({ data: JSON.stringify(event) }));
    }
    close(code = 1000) {
      this.readyState = 3;
      this.onclose?.({ code, reason: '', wasClean: true });
    }
  }
  return { WebSocketImpl: FakeWebSocket as unknown as typeof WebSocket, sockets };
};

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
  params: Record<string, unknown>;
}

type Responder = (request: RecordedRequest) => { status?: number; data: unknown } | Promise<{ status?: number; data: unknown }>;

/** Stream's HTTP API as a table of scripted answers; every request is recorded. Unscripted paths answer 404. */
export const createFakeApi = () => {
  const requests: RecordedRequest[] = [];
  const routes: { method: string; path: RegExp; respond: Responder }[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = (config.url ?? '').replace(/^https?:\/\/[^/]+\/video/, '');
    const request: RecordedRequest = { method, path, body: config.data ? JSON.parse(config.data as string) : undefined, params: (config.params ?? {}) as Record<string, unknown> };
    requests.push(request);
    const route = [...routes].reverse().find((candidate) => candidate.method === method && candidate.path.test(path));
    const { status = 200, data } = route ? await route.respond(request) : { status: 404, data: { code: 16, message: `No scripted answer for ${method} ${path}` } };
    const response = { data, status, statusText: String(status), headers: {}, config };
    // As axios' own adapters settle: a status outside 2xx rejects, carrying the response the SDK reads its error from.
    if (status < 200 || status >= 300) throw Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, config, response });
    return response;
  };
  return {
    adapter,
    requests,
    on(method: string, path: RegExp, respond: Responder) {
      routes.push({ method, path, respond });
    },
  };
};

export type FakeApi = ReturnType<typeof createFakeApi>;

export const callSettings = (overrides: { ring?: Partial<CallSettingsResponse['ring']>; audioAccessRequest?: boolean } = {}): CallSettingsResponse =>
  ({
    audio: { access_request_enabled: overrides.audioAccessRequest ?? false, mic_default_on: false, speaker_default_on: true, default_device: 'speaker', noise_cancellation: { mode: 'available' } },
    video: { access_request_enabled: false, camera_default_on: false, enabled: true, camera_facing: 'front', target_resolution: { width: 1280, height: 720, bitrate: 1250000 } },
    screensharing: { access_request_enabled: false, enabled: true },
    ring: { auto_cancel_timeout_ms: 15000, incoming_call_timeout_ms: 20000, missed_call_timeout_ms: 30000, ...overrides.ring },
    backstage: { enabled: false },
    broadcasting: { enabled: false, hls: { enabled: false, quality_tracks: [] } },
    recording: { mode: 'available', audio_only: false, quality: '720p' },
    transcription: { mode: 'available', closed_caption_mode: 'available' },
    geofencing: { names: [] },
    limits: {},
    thumbnails: { enabled: false },
  }) as unknown as CallSettingsResponse;

export interface CallResponseOptions {
  type: string;
  id: string;
  createdBy: string;
  settings?: CallSettingsResponse;
  session?: Partial<NonNullable<CallResponse['session']>>;
  flags?: Partial<Pick<CallResponse, 'recording' | 'transcribing' | 'captioning' | 'backstage' | 'egress'>>;
  blockedUserIds?: string[];
}

export const callResponse = ({ type, id, createdBy, settings = callSettings(), session, flags, blockedUserIds = [] }: CallResponseOptions): CallResponse =>
  ({
    type,
    id,
    cid: `${type}:${id}`,
    current_session_id: session?.id ?? '',
    created_by: userResponse(createdBy),
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    custom: {},
    backstage: false,
    blocked_user_ids: blockedUserIds,
    recording: false,
    transcribing: false,
    captioning: false,
    egress: { broadcasting: false, rtmps: [] },
    ingress: { rtmp: { address: '' } },
    settings,
    ...flags,
    session: session
      ? { id: 'session-1', participants: [], participants_count_by_role: {}, anonymous_participant_count: 0, accepted_by: {}, rejected_by: {}, missed_by: {}, ...session }
      : undefined,
  }) as unknown as CallResponse;

export const member = (userId: string) => ({ user_id: userId, user: userResponse(userId), custom: {}, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' });

/** Answers GET and POST on /call/{type}/{id} with this call, its members and own capabilities. */
export const scriptCall = (api: FakeApi, options: CallResponseOptions & { members?: string[]; ownCapabilities?: OwnCapability[] }) => {
  const answer = () => ({
    data: {
      call: callResponse(options),
      members: (options.members ?? [options.createdBy]).map(member),
      own_capabilities: options.ownCapabilities ?? [],
      duration: '1ms',
      created: true,
    },
  });
  const path = new RegExp(`^/call/${options.type}/${options.id}$`);
  api.on('GET', path, answer);
  api.on('POST', path, answer);
};

export interface OfflineClient {
  client: StreamVideoClient;
  api: FakeApi;
  sockets: ReturnType<typeof createFakeWebSocket>['sockets'];
}

/** A StreamVideoClient that needs no network; `connect` logs the user in over the fake socket. */
export const createOfflineClient = async ({ userId, name, connect = true }: { userId: string; name?: string; connect?: boolean }): Promise<OfflineClient> => {
  const api = createFakeApi();
  const { WebSocketImpl, sockets } = createFakeWebSocket();
  const client = new StreamVideoClient({
    apiKey: 'test-api-key',
    options: {
      WebSocketImpl,
      axiosRequestConfig: { adapter: api.adapter },
      // A data: URL answers at once without the CloudFront header, so the SDK falls back without network.
      locationHintUrl: 'data:,',
      logLevel: 'error',
      // The SDK retries a failed connectUser five times with backoff; a test wants the first failure.
      maxConnectUserRetries: 1,
    },
  });
  if (connect) await client.connectUser({ id: userId, name: name ?? userId }, fakeUserToken(userId));
  return { client, api, sockets };
};
