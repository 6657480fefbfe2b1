import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVideoStandIn, type StreamUser, type VideoStandIn } from '../index';

/**
 * The video stand-in on its own HTTP server, with the deps the shared stand-in server gives it implemented
 * trivially (HS256 tokens with a test secret, users in a Map, webhooks collected): for the stand-in's own tests.
 */
export const TEST_API_KEY = 'local-test-key';
export const TEST_SECRET = 'local-test-secret-that-is-long-enough';

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const signToken = (claims: Record<string, unknown>, secret = TEST_SECRET) => {
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
};

const streamError = (status: number, code: number, message: string) => Object.assign(new Error(message), { status, code });

const verify = (token: string) => {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) throw streamError(401, 5, 'JWTAuth error: token is not a JWT');
  const expected = createHmac('sha256', TEST_SECRET).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw streamError(401, 43, 'JWTAuth error: signature is not valid');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) throw streamError(401, 40, 'JWTAuth error: token has expired');
  return claims;
};

export interface VideoHarness {
  baseUrl: string;
  apiKey: string;
  webhooks: (Record<string, unknown> & { type: string })[];
  /** `METHOD path` of each request it did not imitate. */
  notImitated: string[];
  users: Map<string, StreamUser>;
  userToken(userId: string, claims?: Record<string, unknown>): string;
  serverToken(): string;
  /** The SFU's loss filter: drop this fraction of what it forwards to the user in the call (0 turns it off). */
  setForwardLoss(cid: string, userId: string, fraction: number): void;
  /** The camera layer the SFU forwards of one user to another (rid; '' without simulcast). */
  forwardedCameraLayer(cid: string, subscriberUserId: string, publisherUserId: string): string | undefined;
  /** The camera layers the SFU receives of a user now, smallest first, each with its size (its last keyframe's). */
  cameraLayers: VideoStandIn['cameraLayers'];
  /** A test's fault: the SFU's recogniser fails in this call (its captions and transcription fail). */
  failListening: VideoStandIn['failListening'];
  close(): Promise<void>;
}

export const startVideoHarness = async (
  options: { port?: number; dataDir?: string; simulcast?: boolean; extra?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<boolean> } = {},
): Promise<VideoHarness> => {
  const users = new Map<string, StreamUser>();
  const webhooks: VideoHarness['webhooks'] = [];
  const notImitated: string[] = [];
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const video = await createVideoStandIn({
    apiKey: TEST_API_KEY,
    verifyUserToken(token) {
      const claims = verify(token);
      if (typeof claims.user_id !== 'string') throw streamError(401, 5, 'JWTAuth error: user_id is missing');
      return { userId: claims.user_id, claims };
    },
    verifyServerToken(token) {
      const claims = verify(token);
      if (claims.user_id !== undefined) throw streamError(401, 5, 'JWTAuth error: not a server token');
    },
    users: {
      get: (id) => users.get(id),
      upsert: (user) => {
        const now = new Date().toISOString();
        const stored = { ...users.get(user.id), ...user, created_at: users.get(user.id)?.created_at ?? now, updated_at: now };
        users.set(user.id, stored);
        return stored;
      },
    },
    sendWebhook: (event) => webhooks.push(event),
    signUserToken: (claims) => signToken(claims),
    publicBaseUrl: baseUrl,
    dataDir: options.dataDir,
    log: () => undefined,
    notImitated: (method, path) => notImitated.push(`${method} ${path}`),
    simulcast: options.simulcast,
  });
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', baseUrl);
    void (async () => {
      if (await video.handle(req, res, url)) return;
      if (options.extra && (await options.extra(req, res, url))) return;
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 16, message: `${req.method} ${url.pathname} is not found`, StatusCode: 404 }));
    })();
  });
  server.on('upgrade', (req, socket, head) => {
    if (!video.upgrade(req, socket, head)) socket.destroy();
  });
  return {
    baseUrl,
    apiKey: TEST_API_KEY,
    webhooks,
    notImitated,
    users,
    userToken: (userId, claims = {}) => signToken({ user_id: userId, iat: Math.floor(Date.now() / 1000) - 5, ...claims }),
    serverToken: () => signToken({ server: true, iat: Math.floor(Date.now() / 1000) - 5 }),
    setForwardLoss: (cid, userId, fraction) => video.setForwardLoss(cid, userId, fraction),
    forwardedCameraLayer: (cid, subscriberUserId, publisherUserId) => video.forwardedCameraLayer(cid, subscriberUserId, publisherUserId),
    cameraLayers: (cid, userId) => video.cameraLayers(cid, userId),
    failListening: (cid, message) => video.failListening(cid, message),
    async close() {
      await video.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
