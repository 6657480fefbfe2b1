import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { LOCAL_REGION, localCredentials } from '../dynamodb';

/** Where chat uploads are kept: the stage's S3 (s3rver), as Stream keeps them on its CDN. */
export interface AttachmentStorage {
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<{ body: Uint8Array; contentType: string } | undefined>;
}

/** Chat uploads sit under their own prefix of the media bucket, apart from members' photos and their uploads. */
export const ATTACHMENT_PREFIX = 'stream-attachments/';

export const s3AttachmentStorage = ({ endpoint, bucket }: { endpoint: string; bucket: string }): AttachmentStorage => {
  const client = new S3Client({ endpoint, region: LOCAL_REGION, credentials: localCredentials, forcePathStyle: true });
  return {
    async put(key, body, contentType) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: `${ATTACHMENT_PREFIX}${key}`, Body: body, ContentType: contentType }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: `${ATTACHMENT_PREFIX}${key}` }));
        return { body: await object.Body!.transformToByteArray(), contentType: object.ContentType ?? 'application/octet-stream' };
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
  };
};
