import { S3Client } from '@aws-sdk/client-s3';
import { buckets, type BucketKey } from '@mentoring/shared';
import { requiredEnv } from './env';
import { traced } from './powertools';
import { sdkClientConfig } from './aws-clients';

/**
 * One client per container. Locally the endpoint comes from AWS_ENDPOINT_URL_S3 (s3rver), which only
 * speaks path-style addressing, so the local stage also sets S3_FORCE_PATH_STYLE.
 */
export const s3Client = traced(new S3Client({ ...sdkClientConfig(), forcePathStyle: process.env.S3_FORCE_PATH_STYLE === 'true' }));

export const bucketName = (key: BucketKey): string => requiredEnv(buckets[key].envVar);
