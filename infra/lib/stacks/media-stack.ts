import { Aws, CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { BucketKey } from '@mentoring/shared';
import { acknowledge } from '../nag';
import { removalPolicy, type StageConfig } from '../stages';
import { bucketArnExportName } from './events-stack';

export interface MediaStackProps extends StackProps {
  stage: StageConfig;
}

/** Where the browser uploads a photo before the API has checked it; anything left there is gone a day later. */
export const MEDIA_UPLOAD_PREFIX = 'uploads/';
/** Resized, checked photos, served by CloudFront under /media/photos/*. */
export const MEDIA_PHOTO_PREFIX = 'photos/';

/**
 * Members' photos. The browser uploads straight to `uploads/` with a presigned POST (so the bucket allows POST
 * from the site's origin); the API checks, resizes and writes `photos/`, which CloudFront serves through Origin
 * Access Control. It lives in its own stack, before the api and web stacks, because both use it: the api stack's
 * functions read and write it, the web stack's distribution serves it.
 */
export class MediaStack extends Stack {
  readonly bucket: Bucket;
  readonly buckets: Partial<Record<BucketKey, IBucket>>;

  constructor(scope: Construct, id: string, props: MediaStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const retain = stage.retainData;

    const accessLogs = new Bucket(this, 'MediaAccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(retain ? 365 : 30) }],
      removalPolicy: removalPolicy(stage),
      autoDeleteObjects: !retain,
    });
    acknowledge(accessLogs, 'AwsSolutions-S1', "This bucket receives the media bucket's access logs; logging it too would recurse.");

    this.bucket = new Bucket(this, 'MediaBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: accessLogs,
      serverAccessLogsPrefix: 'media/',
      cors: [
        {
          // Presigned POST from the SPA. Without a custom domain the distribution's own name is only known after
          // the web stack exists, so any CloudFront origin may send; the signed POST policy is the access control.
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: [stage.domain ? `https://${stage.domain.name}` : 'https://*.cloudfront.net'],
          allowedHeaders: ['*'],
          maxAge: 3000,
        },
      ],
      lifecycleRules: [
        { id: 'unconfirmed-uploads', prefix: MEDIA_UPLOAD_PREFIX, expiration: Duration.days(1) },
        { id: 'incomplete-multipart', abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
      removalPolicy: removalPolicy(stage),
      autoDeleteObjects: !retain,
    });
    // CloudFront (web stack) reads the resized photos through Origin Access Control. The exact distribution ARN
    // would make this stack depend on the web stack, which depends on it; so: any distribution of this account,
    // and only photos/, never uploads/.
    this.bucket.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudFrontReadsPhotos',
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${MEDIA_PHOTO_PREFIX}*`)],
        conditions: {
          StringEquals: { 'AWS:SourceAccount': Aws.ACCOUNT_ID },
          ArnLike: { 'AWS:SourceArn': `arn:${Aws.PARTITION}:cloudfront::${Aws.ACCOUNT_ID}:distribution/*` },
        },
      }),
    );
    this.buckets = { media: this.bucket };
    new CfnOutput(this, 'MediaBucketArn', { value: this.bucket.bucketArn, exportName: bucketArnExportName(stage.name, 'media') });
    new CfnOutput(this, 'MediaBucketName', { value: this.bucket.bucketName });
  }
}
