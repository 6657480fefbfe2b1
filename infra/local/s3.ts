import { mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Readable } from 'node:stream';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import { buckets, type BucketKey } from '@mentoring/shared';
import { LOCAL_REGION, localCredentials } from './dynamodb';
import { freePort } from './ports';

/**
 * s3rver checks signatures against its own one key pair (S3RVER); the stage signs with its local credentials,
 * so they are registered with s3rver's account too, and signatures are still verified for real.
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

/** s3rver on a free loopback port, its objects under `directory`, with every bucket of the shared definitions. */
export const startS3rver = async ({ directory, port: wantedPort }: { directory: string; port?: number }): Promise<LocalS3> => {
  mkdirSync(directory, { recursive: true });
  registerLocalCredentials();
  const port = wantedPort ?? (await freePort());
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
  const ended = new Promise<string>((resolve) =>
    server.httpServer!.once('close', () => {
      if (!stopping) resolve('stopped serving');
    }),
  );
  return {
    endpoint: `http://127.0.0.1:${port}`,
    port,
    buckets: localBucketNames(),
    ended,
    stop: () => {
      stopping = true;
      return server.close();
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
