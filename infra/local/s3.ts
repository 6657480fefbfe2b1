import { mkdirSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import { buckets, type BucketKey } from '@mentoring/shared';
import { LOCAL_REGION, localCredentials } from './dynamodb';
import { freePort, listen } from './ports';
import { readBody } from './http-kit';
import { verifyPostPolicy } from './s3-post-policy';
import { verifyS3Request } from './s3-signatures';

/**
 * s3rver looks an access key up in its account registry (S3RVER's by default), so the stage's local credentials
 * are registered there too. s3rver itself lets unsigned requests through and does not check V4 signatures:
 * the verifying front below (s3-signatures.ts) is what refuses them, as S3 does.
 */
const registerLocalCredentials = () => {
  const account = createRequire(import.meta.url)('s3rver/lib/models/account.js') as {
    DUMMY_ACCOUNT: { createKeyPair: (accessKeyId: string, secretAccessKey: string) => void };
  };
  account.DUMMY_ACCOUNT.createKeyPair(localCredentials.accessKeyId, localCredentials.secretAccessKey);
};

/**
 * Presigned links are the access control; the browser may read them from any origin (the sessions page), and
 * POST a photo with a presigned POST from the SPA's origin (whose policy the front below checks).
 */
const corsConfiguration = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>POST</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export const localBucketName = (key: BucketKey) => key;

export const localBucketNames = () =>
  Object.fromEntries((Object.keys(buckets) as BucketKey[]).map((key) => [key, localBucketName(key)])) as Record<BucketKey, string>;

export interface LocalS3 {
  endpoint: string;
  port: number;
  buckets: Record<string, string>;
  stop: () => Promise<void>;
  /** Settles if its server closes without stop() (infra/local/supervisor.ts restarts it). */
  ended: Promise<string>;
}

const s3Error = (res: ServerResponse, status: number, code: string, message: string) => {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
};

/** The front's own cap on a browser upload's request, far above any policy's range (a photo is at most 5 MB). */
const MAX_POST_BYTES = 32 * 1024 * 1024;

/** Headers of the browser's request that s3rver may see again (its CORS answer reads Origin); the body is new. */
const DROPPED_REQUEST_HEADERS = new Set(['host', 'content-type', 'content-length', 'transfer-encoding', 'connection', 'expect', 'keep-alive']);
const DROPPED_ANSWER_HEADERS = new Set(['transfer-encoding', 'connection', 'keep-alive', 'content-length']);

/**
 * A browser upload (POST of a form to the bucket): read whole, its policy checked as S3 checks it
 * (s3-post-policy.ts), and only then sent on to s3rver, as a form rebuilt from the fields that were checked,
 * so s3rver stores exactly what the policy allowed (no field its parser would read differently, none given twice).
 */
const receiveBrowserUpload = async (req: IncomingMessage, res: ServerResponse, bucket: string, backend: number) => {
  // As S3's CORS rule (AllowedOrigin *) does for its refusals too, so the SPA can read why.
  const cors = req.headers.origin ? { 'access-control-allow-origin': '*' } : {};
  const refuse = (status: number, code: string, message: string) => {
    res.setHeader('connection', 'close');
    for (const [name, value] of Object.entries(cors)) res.setHeader(name, value);
    s3Error(res, status, code, message);
  };
  const body = await readBody(req, MAX_POST_BYTES);
  if (!body) return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData();
  } catch {
    return refuse(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
  }
  const fields = new Map<string, string>();
  let file: Blob | undefined;
  for (const [name, value] of form) {
    // S3 reads the file last and ignores whatever follows it.
    if (name === 'file') {
      file = typeof value === 'string' ? new Blob([value]) : value;
      break;
    }
    if (typeof value !== 'string') continue;
    const lowerName = name.toLowerCase();
    if (fields.has(lowerName)) return refuse(400, 'InvalidArgument', `The form field ${name} is given more than once.`);
    fields.set(lowerName, value);
  }
  if (!file) return refuse(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  const verdict = await verifyPostPolicy({ bucket, fields, fileSize: file.size }, localCredentials, { region: LOCAL_REGION });
  if (!verdict.ok) return refuse(verdict.status, verdict.code, verdict.message);

  const checked = new FormData();
  for (const [name, value] of fields) checked.append(name, value);
  checked.append('file', file, file instanceof File && file.name ? file.name : 'file');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !DROPPED_REQUEST_HEADERS.has(name)) headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const answer = await fetch(`http://127.0.0.1:${backend}${req.url ?? '/'}`, { method: 'POST', headers, body: checked, redirect: 'manual' });
  const answerBody = Buffer.from(await answer.arrayBuffer());
  const answerHeaders: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!DROPPED_ANSWER_HEADERS.has(name)) answerHeaders[name] = value;
  });
  res.writeHead(answer.status, { ...answerHeaders, 'content-length': String(answerBody.length) });
  res.end(answerBody);
};

/**
 * The stage's S3 endpoint: every request's SigV4 signature (Authorization header or presigned query) is
 * checked against the local credentials before s3rver sees it, so an unsigned, tampered or expired link is
 * refused with S3's 403 here as in AWS; a browser upload (a form POSTed to a bucket) has its POST policy
 * checked instead. CORS preflights pass (S3 answers them unsigned too).
 */
const startVerifyingFront = async (backend: number, wantedPort?: number) => {
  const server = createServer((req, res) => {
    const forward = () => {
      const upstream = httpRequest(
        { host: '127.0.0.1', port: backend, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => (res.headersSent ? res.destroy() : s3Error(res, 503, 'ServiceUnavailable', 'The local S3 is not answering.')));
      // A caller that goes before the answer is read (a GetObject body left unread) takes s3rver's side with it:
      // otherwise s3rver keeps the connection open, paused, and never closes.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      req.pipe(upstream);
    };
    if (req.method === 'OPTIONS') return forward();
    const uploadBucket = req.method === 'POST' && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '')
      ? /^\/([^/?]+)\/?(?:\?.*)?$/.exec(req.url ?? '/')?.[1]
      : undefined;
    if (uploadBucket) {
      return void receiveBrowserUpload(req, res, decodeURIComponent(uploadBucket), backend).catch(() => {
        if (!res.headersSent) s3Error(res, 500, 'InternalError', 'The upload could not be checked.');
        else res.destroy();
      });
    }
    void verifyS3Request({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }, localCredentials, { region: LOCAL_REGION })
      .then((verdict) => {
        if (verdict.ok) return forward();
        req.resume();
        s3Error(res, verdict.code === 'AuthorizationQueryParametersError' ? 400 : 403, verdict.code, verdict.message);
      })
      .catch(() => s3Error(res, 500, 'InternalError', 'The signature could not be checked.'));
  });
  const port = await listen(server, wantedPort ?? 0, '127.0.0.1');
  return {
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/**
 * s3rver on a free loopback port, its objects under `directory`, with every bucket of the shared definitions,
 * behind the verifying front; `port` is the front's (the endpoint), so a restart keeps the endpoint.
 */
export const startS3rver = async ({ directory, port: wantedPort }: { directory: string; port?: number }): Promise<LocalS3> => {
  mkdirSync(directory, { recursive: true });
  registerLocalCredentials();
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: (Object.keys(buckets) as BucketKey[]).map((key) => ({ name: localBucketName(key), configs: [corsConfiguration] })),
  });
  await server.run();
  let stopping = false;
  const front = await startVerifyingFront(port, wantedPort);
  const ended = new Promise<string>((resolve) =>
    server.httpServer!.once('close', () => {
      if (stopping) return;
      // The front goes with it, so a restart can take the endpoint's port again.
      void front.stop().then(() => resolve('stopped serving'));
    }),
  );
  return {
    endpoint: `http://127.0.0.1:${front.port}`,
    port: front.port,
    buckets: localBucketNames(),
    ended,
    stop: async () => {
      stopping = true;
      await front.stop();
      // Node's close() waits for open connections; whatever is still talking to s3rver now is gone with the stage.
      server.httpServer?.closeAllConnections();
      await server.close();
    },
  };
};

/** The only types /media/ answers with: the resized photos are WebP, and nothing else belongs there. */
const SERVED_IMAGE_TYPES = new Set(['image/webp', 'image/png', 'image/jpeg']);

/**
 * What CloudFront's /media/photos/* behaviour does in AWS: /media/<key> answers the media bucket's object <key>,
 * for photos/ only (uploads stay private), with the object's type and caching headers. It is the app's own
 * origin, so it answers images only, with nosniff: anything else that reached photos/ is not found.
 */
export const createMediaServer = ({ endpoint, bucket }: { endpoint: string; bucket: string }) => {
  const client = new S3Client({ endpoint, region: LOCAL_REGION, credentials: localCredentials, forcePathStyle: true });
  const notFound = (res: ServerResponse) => res.writeHead(404, { 'content-type': 'text/plain', 'x-content-type-options': 'nosniff' }).end('Not found');
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const key = path.slice('/media/'.length);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^photos\/[\w-]+\/[\w.-]+$/.test(key)) return notFound(res);
    let object;
    try {
      object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') return notFound(res);
      throw error;
    }
    const body = object.Body as Readable | undefined;
    const type = object.ContentType?.split(';')[0]?.trim().toLowerCase();
    if (!body || !type || !SERVED_IMAGE_TYPES.has(type)) {
      body?.destroy();
      return notFound(res);
    }
    res.writeHead(200, {
      'content-type': type,
      'x-content-type-options': 'nosniff',
      'cache-control': object.CacheControl ?? 'no-cache',
      ...(object.ETag ? { etag: object.ETag } : {}),
      ...(object.ContentLength !== undefined ? { 'content-length': String(object.ContentLength) } : {}),
    });
    if (req.method === 'HEAD') {
      res.end();
      body.destroy();
      return;
    }
    res.on('close', () => body.destroy());
    body.pipe(res);
  };
};
