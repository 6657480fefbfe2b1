import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';
import { mediaTools } from '../sfu/speech/recogniser';
import { LocalSfu } from '../sfu/local-sfu';
import { TrackType } from '../sfu/generated/video/sfu/models/models';
import { CallStore } from './call-store';
import { CoordinatorSockets } from './coordinator-socket';
import { VideoCoordinator, type Actor, type StreamUser } from './coordinator';
import { asStreamError, StreamApiError } from '../errors';
import { answerPreflight, corsHeaders, readJson, sendError, sendJson as send } from '../http';
import { recordingClip, transcriptLines } from './artifacts';
import { createGuest, routeVideoRequest } from './routes';
import { createSfuTokens } from './sfu-token';

export type { StreamUser } from './coordinator';

export interface VideoStandInDeps {
  apiKey: string;
  /** Verifies a user JWT (HS256, the stage's Stream secret) as Stream does; throws an error carrying Stream's error shape (401, code 40 for expired, …) */
  verifyUserToken(token: string): { userId: string; claims: Record<string, unknown> };
  /** Server-side auth for the node SDK's calls (a server JWT with no user_id) */
  verifyServerToken(token: string): void;
  users: { get(id: string): StreamUser | undefined; upsert(user: StreamUser): StreamUser };
  sendWebhook(event: Record<string, unknown> & { type: string }): void;
  publicBaseUrl: string;
  dataDir?: string;
  /** Signs a user token with the stage's secret; without it, POST /video/guest answers "not imitated". */
  signUserToken?(claims: Record<string, unknown>): string;
  log?(message: string, details?: unknown): void;
  /** Told of each request it does not imitate (the stand-in's not-imitated log). */
  notImitated?(method: string, path: string): void;
  /** The SFU asks for simulcast camera layers and forwards each subscriber the one it needs; off unless asked for (docs/local-stage.md says why). */
  simulcast?: boolean;
}

export interface VideoStandIn {
  handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean>;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** A test's loss filter in the SFU's forwarder: this fraction of what is forwarded to the user in the call is dropped. */
  setForwardLoss(cid: string, userId: string, fraction: number): void;
  /** The simulcast layer (rid, '' without) of a publisher's camera that the SFU forwards to a subscriber; undefined: none yet. */
  forwardedCameraLayer(cid: string, subscriberUserId: string, publisherUserId: string): string | undefined;
  /** A test's fault: the SFU's recogniser fails in this call (its captions and transcription fail). */
  failListening(cid: string, message: string): void;
  /** The camera layers the SFU receives of a user now, smallest first, each with its size. */
  cameraLayers(cid: string, userId: string): { rid: string; size?: { width: number; height: number } }[];
  close(): Promise<void>;
}

const jwtPayload = (token: string): Record<string, unknown> => {
  try {
    return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * Stream's video API on the local stage: the coordinator (REST under /video/ for the browser client and
 * /api/v2/video/ for the node SDK, the /video/connect WebSocket) and the SFU (/video/sfu/), with the state of calls
 * in `dataDir`.
 */
export const createVideoStandIn = async (deps: VideoStandInDeps): Promise<VideoStandIn> => {
  const log = deps.log ?? ((message: string, details?: unknown) => console.warn(`[stream video] ${message}`, details ?? ''));
  const base = deps.publicBaseUrl.replace(/\/$/, '');
  const wsBase = base.replace(/^http/, 'ws');
  const store = new CallStore(deps.dataDir);
  const sfuTokens = createSfuTokens();
  // Recordings of the calls themselves: beside the state when it is kept, else for as long as the process runs.
  const artifactsDir = deps.dataDir ? mkdir(join(deps.dataDir, 'recordings'), { recursive: true }).then(() => join(deps.dataDir!, 'recordings')) : mkdtemp(join(tmpdir(), 'stream-recordings-'));
  // HLS broadcasts: the playlist and segments of each call's latest broadcast, for as long as the process runs.
  const broadcastsDir = mkdtemp(join(tmpdir(), 'stream-hls-'));
  const broadcastDir = async (cid: string) => join(await broadcastsDir, cid.replace(':', '/'));
  const sockets = new CoordinatorSockets({ apiKey: deps.apiKey, verifyUserToken: deps.verifyUserToken, users: deps.users, log });
  const coordinator = new VideoCoordinator({
    users: deps.users,
    sendWebhook: deps.sendWebhook,
    deliver: (userIds, event) => sockets.deliver(userIds, event),
    sfuTokens,
    sfu: {
      url: `${base}/video/sfu/twirp`,
      wsEndpoint: `${wsBase}/video/sfu/ws`,
      endCall: (cid) => sfu.endCall(cid),
      liveEnded: (cid) => sfu.liveEnded(cid),
      removeUser: (cid, userId) => sfu.removeUser(cid, userId),
      muteUsers: (cid, userIds, kinds) => sfu.muteUsers(cid, userIds, kinds),
      setPins: (cid, pins) => sfu.setPins(cid, pins),
      updateGrants: (cid, userId, grants) => sfu.updateGrants(cid, userId, grants),
      setListening: (cid, on) => sfu.setListening(cid, on),
      startRecording: (cid) => sfu.startRecording(cid),
      finishRecording: async (cid, filename) => {
        const ffmpeg = mediaTools().ffmpeg;
        if (!ffmpeg) {
          await sfu.dropRecording(cid);
          return undefined;
        }
        const dir = await artifactsDir;
        const path = join(dir, filename);
        await sfu.finishRecording(cid, ffmpeg, path);
        return path;
      },
      startBroadcast: (cid, on) => {
        const ffmpeg = mediaTools().ffmpeg;
        if (!ffmpeg) {
          // Announced after the answer, as Stream's failure would be.
          setImmediate(() => on.failed(new Error('ffmpeg is not installed: the stand-in cannot broadcast (scripts/media-tools.ts)')));
          return;
        }
        void broadcastDir(cid).then((dir) => sfu.startBroadcast(cid, ffmpeg, dir, on));
      },
      stopBroadcast: (cid) => sfu.stopBroadcast(cid),
    },
    playlistUrl: (call) => `${base}/video/hls/${call.type}/${call.id}/index.m3u8`,
    artifactUrl: (call, sessionId, filename) => `${base}/video/artifacts/${call.type}/${call.id}/${encodeURIComponent(sessionId || 'none')}/${encodeURIComponent(filename)}`,
    store,
    log,
  });
  const sfu = new LocalSfu({
    verifyToken: (token) => sfuTokens.verify(token),
    userInfo: (id) => deps.users.get(id) ?? {},
    onParticipantJoined: (cid, userId, sessionId, role) => coordinator.participantJoined(cid, userId, sessionId, role),
    onParticipantLeft: (cid, sessionId) => coordinator.participantLeft(cid, sessionId),
    onUtterance: (cid, utterance) => coordinator.heard(cid, utterance),
    onListeningFailed: (cid, error) => coordinator.listeningFailed(cid, error),
    simulcast: deps.simulcast,
    log,
  });
  const wss = new WebSocketServer({ noServer: true });

  /** What the video client sends with no user token (its `publicEndpoint` requests), besides /guest. */
  const PUBLIC_ENDPOINTS = new Set(['POST /call_client_event']);

  const authenticate = (req: IncomingMessage, url: URL): Actor => {
    if (url.searchParams.get('api_key') !== deps.apiKey) throw new StreamApiError('accessKeyError', 'api_key not valid');
    const token = String(req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (!token) throw new StreamApiError('missingAuthorization', 'Authorization header is missing');
    const claims = jwtPayload(token);
    if (typeof claims.user_id !== 'string') {
      deps.verifyServerToken(token);
      return { kind: 'server' };
    }
    const verified = deps.verifyUserToken(token);
    const callCids = verified.claims.call_cids;
    return {
      kind: 'user',
      userId: verified.userId,
      role: typeof verified.claims.role === 'string' ? verified.claims.role : undefined,
      callCids: Array.isArray(callCids) ? callCids.map(String) : undefined,
    };
  };

  const serveArtifact = (res: ServerResponse, parts: string[]) => {
    const [type, id, session, filename] = parts.map(decodeURIComponent);
    const artifact = type && id && session && filename ? coordinator.findArtifact(`${type}:${id}`, session === 'none' ? '' : session, filename) : undefined;
    if (!artifact) return sendError(res, new StreamApiError('doesNotExist', 'No such recording'));
    const body = artifact.kind === 'recording' ? (artifact.path && existsSync(artifact.path) ? readFileSync(artifact.path) : recordingClip()) : Buffer.from(transcriptLines(artifact));
    res.writeHead(200, { ...corsHeaders, 'content-type': artifact.kind === 'recording' ? 'video/webm' : 'application/jsonl', 'content-length': body.length });
    res.end(body);
  };

  /** GET /video/hls/{type}/{id}/{file}: a broadcast's playlist and segments, to anyone (as Stream's CDN serves them), with CORS for players on other origins. */
  const serveBroadcast = async (res: ServerResponse, parts: string[]) => {
    const [type, id, file] = parts.map(decodeURIComponent);
    const valid = parts.length === 3 && /^[\w-]+$/.test(type ?? '') && /^[\w-]+$/.test(id ?? '') && /^(index\.m3u8|segment-\d+\.ts)$/.test(file ?? '');
    const body = valid ? await readFile(join(await broadcastDir(`${type}:${id}`), file!)).catch(() => undefined) : undefined;
    if (!body) return sendError(res, new StreamApiError('doesNotExist', 'No such broadcast'));
    const playlist = file!.endsWith('.m3u8');
    // A live playlist changes every segment: players must ask again; a segment never changes.
    res.writeHead(200, { ...corsHeaders, 'content-type': playlist ? 'application/vnd.apple.mpegurl' : 'video/mp2t', 'content-length': body.length, 'cache-control': playlist ? 'no-cache' : 'max-age=3600' });
    res.end(body);
  };

  return {
    async handle(req, res, url) {
      const path = url.pathname;
      const apiPath = path.startsWith('/api/v2/video/') ? path.slice('/api/v2/video'.length) : path.startsWith('/video/') ? path.slice('/video'.length) : undefined;
      if (apiPath === undefined) return false;
      if (req.method === 'OPTIONS') {
        answerPreflight(req, res);
        return true;
      }
      try {
        if (apiPath === '/location-hint') {
          // The client reads the CloudFront POP of its hint URL to pick an edge; here there is one, "LCL".
          res.writeHead(200, { ...corsHeaders, 'x-amz-cf-pop': 'LCL1-P1', 'content-type': 'text/plain' });
          res.end(req.method === 'HEAD' ? undefined : 'LCL');
          return true;
        }
        if (apiPath.startsWith('/sfu/twirp/')) {
          for (const [key, value] of Object.entries(corsHeaders)) res.setHeader(key, value);
          await sfu.handleTwirp(req, res, apiPath.split('/').pop() ?? '');
          return true;
        }
        if (apiPath.startsWith('/artifacts/') && (req.method === 'GET' || req.method === 'HEAD')) {
          serveArtifact(res, apiPath.slice('/artifacts/'.length).split('/'));
          return true;
        }
        if (apiPath.startsWith('/hls/') && (req.method === 'GET' || req.method === 'HEAD')) {
          await serveBroadcast(res, apiPath.slice('/hls/'.length).split('/'));
          return true;
        }
        if (apiPath === '/guest' && req.method === 'POST') {
          if (url.searchParams.get('api_key') !== deps.apiKey) throw new StreamApiError('accessKeyError', 'api_key not valid');
          if (!deps.signUserToken) throw new StreamApiError('notImitated', 'POST /video/guest is not imitated here (no token signer)');
          send(res, 201, createGuest(deps, await readJson(req)));
          return true;
        }
        if (PUBLIC_ENDPOINTS.has(`${req.method} ${apiPath}`) && req.headers['stream-auth-type'] === 'anonymous') {
          // Stream takes the client's telemetry before a user connects and after one disconnected: the api key suffices.
          if (url.searchParams.get('api_key') !== deps.apiKey) throw new StreamApiError('accessKeyError', 'api_key not valid');
          await readJson(req);
          send(res, 201, { duration: '0.10ms' });
          return true;
        }
        const actor = authenticate(req, url);
        const body = req.method === 'GET' || req.method === 'DELETE' ? {} : await readJson(req);
        const result = routeVideoRequest(coordinator, actor, req.method ?? 'GET', apiPath, body, url.searchParams);
        if (result === undefined) {
          log(`not imitated: ${req.method} ${path}`);
          deps.notImitated?.(req.method ?? 'GET', path);
          sendError(res, new StreamApiError('notImitated', `${req.method} ${path} is not imitated by the local Stream stand-in`));
          return true;
        }
        send(res, req.method === 'POST' ? 201 : 200, result);
      } catch (error) {
        const e = asStreamError(error);
        if (e.status >= 500) log(`${req.method} ${path} failed`, error);
        if (e.status === 501) deps.notImitated?.(req.method ?? 'GET', path);
        sendError(res, e);
      }
      return true;
    },

    upgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', base);
      if (url.pathname === '/video/connect') {
        wss.handleUpgrade(req, socket, head, (ws) => sockets.accept(ws, url));
        return true;
      }
      if (url.pathname === '/video/sfu/ws') {
        wss.handleUpgrade(req, socket, head, (ws) => sfu.acceptSocket(ws));
        return true;
      }
      return false;
    },

    setForwardLoss: (cid, userId, fraction) => sfu.setForwardLoss(cid, userId, fraction),
    forwardedCameraLayer: (cid, subscriberUserId, publisherUserId) => sfu.forwardedLayer(cid, subscriberUserId, publisherUserId, TrackType.VIDEO),
    cameraLayers: (cid, userId) => sfu.publishedLayers(cid, userId, TrackType.VIDEO),
    failListening: (cid, message) => sfu.failListening(cid, message),

    async close() {
      coordinator.close();
      await sfu.close();
      sockets.close();
      wss.close();
    },
  };
};
