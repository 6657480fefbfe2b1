import { S3Client } from '@aws-sdk/client-s3';
import { inject } from 'vitest';

/** The stage's buckets by key, as its stack outputs name them (STAGE_BUCKETS). */
export const stageBuckets = () => {
  const buckets = inject('buckets');
  if (!buckets.archive || !buckets.media) throw new Error('No bucket names for this stage: set STAGE_BUCKETS (npx tsx infra/bin/stage-env.ts prints it)');
  return buckets as { archive: string; media: string };
};

/**
 * S3's API as the suite reaches it: the region's endpoint on AWS, found by the SDK from the environment; the local
 * stage's s3rver where it runs as itself or as deployed (path-style, as the local stage's functions reach it).
 */
export const stageS3 = () => {
  const local = inject('s3Endpoint');
  if (local) return new S3Client({ endpoint: local, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, forcePathStyle: true });
  return new S3Client({ forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' });
};
