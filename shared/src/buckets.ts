/**
 * S3 buckets the functions use: the CDK events stack and the local stage (s3rver) both create them.
 * `envVar` is how a handler learns the bucket's name in either runtime.
 */
export interface BucketDefinition {
  envVar: string;
}

export const buckets = {
  /** Recordings and transcripts copied from Stream, whose own links expire after two weeks. */
  archive: { envVar: 'ARCHIVE_BUCKET' },
  /** Members' photos: uploads land under uploads/, resized copies are served from photos/. */
  media: { envVar: 'MEDIA_BUCKET' },
} as const satisfies Record<string, BucketDefinition>;

export type BucketKey = keyof typeof buckets;

export interface BucketGrant {
  bucket: BucketKey;
  access: 'read' | 'write' | 'readWrite';
}
