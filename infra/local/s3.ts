import { mkdirSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import { buckets, type BucketKey } from '@mentoring/shared';
import { LOCAL_REGION, localCredentials } from './dynamodb';
import { freePort, listen } from './ports';
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
 * POST a photo with a presigned POST from the SPA's origin. (s3rver does not check a POST's policy: the API's
 * check of the upload is what refuses a wrong type or size here.)
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

/**
 * The stage's S3 endpoint: every request's SigV4 signature (Authorization header or presigned query) is
 * checked against the local credentials before s3rver sees it, so an unsigned, tampered or expired link is
 * refused with S3's 403 here as in AWS. CORS preflights pass (S3 answers them unsigned too), and so do
 * presigned POST uploads, whose policy s3rver does not check: the API's check of the upload refuses a wrong
 * type or size.
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
      req.pipe(upstream);
    };
    const isPreflight = req.method === 'OPTIONS';
    const isPresignedPost = req.method === 'POST' && /^multipart\/form-data/i.test(req.headers['content-type'] ?? '');
    if (isPreflight || isPresignedPost) return forward();
    void verifyS3Request({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers }, localCredentials, { region: LOCAL_REGION })
      .then((verdict) => {
        if (verdict.ok) return forward();
        req.resume();
        s3Error(res, verdict.code === 'AuthorizationQueryParametersError' ? 400 : 403, verdict.code, verdict.message);
      })
      .catch(() => s3Error(res, 500, 'InternalError', 'The signature could not be checked.'));
  });
  const port = await listen(server, wantedPort ?? (await freePort()), '127.0.0.1');
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
      await server.close();
    },
  };
};

/**
 * What CloudFront's /media/photos/* behaviour does in AWS: /media/<key> answers the media bucket's object <key>,
 * for photos/ only (uploads stay private), with the object's type and caching headers.
 */
export const createMediaServer = ({ endpoint, bucket }: { endpoint: string; bucket: string }) => {
  const client = new S3Client({ endpoint, region: LOCAL_REGION, credentials: localCredentials, forcePathStyle: true });
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const key = path.slice('/media/'.length);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !/^photos\/[\w-]+\/[\w.-]+$/.test(key)) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      res.writeHead(200, {
        'content-type': object.ContentType ?? 'application/octet-stream',
        'cache-control': object.CacheControl ?? 'no-cache',
        ...(object.ETag ? { etag: object.ETag } : {}),
        ...(object.ContentLength !== undefined ? { 'content-length': String(object.ContentLength) } : {}),
      });
      if (req.method === 'HEAD') {
        res.end();
        (object.Body as Readable | undefined)?.destroy();
        return;
      }
      (object.Body as Readable).pipe(res);
    } catch (error) {
      if ((error as { name?: string }).name === 'NoSuchKey') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      throw error;
    }
  };
};
