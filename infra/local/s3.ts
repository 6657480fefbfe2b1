import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import S3rver from 's3rver';
import { buckets, type BucketKey } from '@mentoring/shared';
import { localCredentials } from './dynamodb';
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

/** Presigned links are the access control; the browser may read them from any origin (the sessions page). */
const corsConfiguration = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export const localBucketName = (key: BucketKey) => key;

export const localBucketNames = () =>
  Object.fromEntries((Object.keys(buckets) as BucketKey[]).map((key) => [key, localBucketName(key)])) as Record<BucketKey, string>;

export interface LocalS3 {
  endpoint: string;
  buckets: Record<string, string>;
  stop: () => Promise<void>;
}

/** s3rver on a free loopback port, its objects under `directory`, with every bucket of the shared definitions. */
export const startS3rver = async ({ directory }: { directory: string }): Promise<LocalS3> => {
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
  return {
    endpoint: `http://127.0.0.1:${port}`,
    buckets: localBucketNames(),
    stop: () => server.close(),
  };
};
