import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Annotations, CfnOutput, DefaultStackSynthesizer, Duration, Fn, Stack, Token, type StackProps } from 'aws-cdk-lib';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as CloudFrontFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { AccessLevel } from 'aws-cdk-lib/aws-cloudfront';
import { StringParameter } from 'aws-cdk-lib/aws-ssm';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { BlockPublicAccess, Bucket, BucketEncryption, type CfnBucket, type IBucket, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { ORIGIN_VERIFY_HEADER, PUBLIC_PAGE_PATHS, prerenderedFile, type RuntimeConfig } from '@mentoring/shared';
import { acknowledge, LAMBDA_BASIC_EXECUTION } from '../nag';
import { repoRoot } from '../paths';
import { removalPolicy, type StageConfig } from '../stages';
import { siteUrlParameterName } from '../constructs/app-function';
import { archiveBucketOrigin, cognitoOrigin, contentSecurityPolicy, HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY } from '../web/content-security-policy';

/** The viewer-request function, with the shared list of prerendered pages written into it. */
export const spaFallbackSource = () =>
  readFileSync(join(repoRoot, 'infra/lib/web/spa-fallback.js'), 'utf8').replace(
    "var PRERENDERED = ['/'];",
    `var PRERENDERED = ${JSON.stringify(PUBLIC_PAGE_PATHS)};`,
  );

export const SPA_DIST = join(repoRoot, 'frontend/dist');
/** Built source maps: kept out of the deployed site (and not served by the local stage either). */
export const SOURCE_MAPS = '*.map';
const PLACEHOLDER_SPA = join(repoRoot, 'infra/assets/spa-placeholder');

export interface WebStackProps extends StackProps {
  stage: StageConfig;
  api: IHttpApi;
  /** Extra runtime settings for /config.json (e.g. the auth stack's user pool and client ids; tokens are fine). */
  runtimeConfig?: Record<string, unknown>;
  /** The built SPA; frontend/dist unless a test says otherwise. */
  spaDirectory?: string;
  /** The media stack's bucket: its photos/ are served under /media/photos/*. */
  mediaBucket?: IBucket;
  /** The edge stack's web ACL (stages with `waf: true`), attached to the distribution. */
  webAclArn?: string;
  /** The api stack's origin-verify secret: CloudFront sends its value to the API in ORIGIN_VERIFY_HEADER. */
  originSecret?: ISecret;
  /** The call archive: the CSP lets the SPA play and fetch its presigned links, and no other bucket's. */
  archiveBucket?: IBucket;
}

/** Photos are served at /media/<key>; the bucket's keys have no /media prefix, so a viewer-request function strips it. */
const STRIP_MEDIA_PREFIX = `function handler(event) {
  var request = event.request;
  request.uri = request.uri.replace(/^\\/media\\//, '/');
  return request;
}`;

/** The SPA in a private bucket behind CloudFront, with /api/* routed to the HTTP API on the same origin. */
export class WebStack extends Stack {
  readonly distribution: Distribution;
  readonly url: string;
  /** What /config.json holds on this stage. */
  readonly runtimeConfig: RuntimeConfig & Record<string, unknown>;

  constructor(scope: Construct, id: string, props: WebStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const retain = stage.retainData;

    const logs = new Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      lifecycleRules: [{ expiration: Duration.days(stage.logRetentionDays) }],
      removalPolicy: removalPolicy(stage),
      autoDeleteObjects: !retain,
    });
    acknowledge(logs, 'AwsSolutions-S1', 'This is the access-log bucket itself; logging it into itself would loop.');

    const site = new Bucket(this, 'SiteBucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: logs,
      serverAccessLogsPrefix: 's3/',
      removalPolicy: removalPolicy(stage),
      autoDeleteObjects: !retain,
    });

    // One definition with the local stage (shared/src/security-headers.ts); without an archive bucket (a test's
    // stack), the archive's place in the CSP allows nothing.
    const csp = contentSecurityPolicy({
      cognito: cognitoOrigin(stage.region),
      archive: props.archiveBucket ? archiveBucketOrigin(props.archiveBucket.bucketName, stage.region) : "'none'",
      uploads: props.mediaBucket ? archiveBucketOrigin(props.mediaBucket.bucketName, stage.region) : undefined,
    });
    const securityHeaders = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `Mentoring ${stage.name}: CSP, HSTS, no framing, no sniffing`,
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: csp, override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, preload: true, override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });

    const spaFallback = new CloudFrontFunction(this, 'SpaFallback', {
      comment: 'Public pages get their prerendered HTML, other client routes spa.html; files are untouched',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(spaFallbackSource()),
    });

    // apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com: CloudFront wants the bare host.
    const apiHost = Fn.select(2, Fn.split('/', props.api.apiEndpoint));
    const domain = stage.domain;
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `Mentoring platform (${stage.name})`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      priceClass: PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
      // Only settable with a custom certificate; the default *.cloudfront.net one is fixed by AWS.
      minimumProtocolVersion: domain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      domainNames: domain ? [domain.name] : undefined,
      certificate: domain ? Certificate.fromCertificateArn(this, 'Certificate', domain.certificateArn) : undefined,
      enableLogging: true,
      logBucket: logs,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(site),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: spaFallback }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(apiHost, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
            // Replaces any viewer header of that name; the API's functions refuse requests without it.
            customHeaders: props.originSecret ? { [ORIGIN_VERIFY_HEADER]: props.originSecret.secretValue.unsafeUnwrap() } : undefined,
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // Every viewer header (the managed AllViewer policies do forward Authorization, which custom
          // policies may not), query string and cookie, but not Host: API Gateway routes on its own host name.
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
        ...(props.mediaBucket ? { '/media/photos/*': this.mediaBehaviour(props.mediaBucket, securityHeaders) } : {}),
      },
    });
    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'Mentors and mentees may connect from any country; no geo restriction is wanted.');
    if (!props.webAclArn) {
      acknowledge(this.distribution, 'AwsSolutions-CFR2', 'WAF is a stage setting (`waf`, on in prod): this stage is throttled per route and spares the fixed monthly fee.');
    }
    if (!domain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain CloudFront serves its default *.cloudfront.net certificate, whose TLS policy cannot be set; configure stages.<stage>.domain to enforce TLSv1.2_2021.',
      );
    }

    this.url = domain ? `https://${domain.name}` : `https://${this.distribution.distributionDomainName}`;
    this.runtimeConfig = { stage: stage.name, version: stage.version, ...props.runtimeConfig };
    this.deploySpa(stage, site, props.spaDirectory ?? SPA_DIST, this.runtimeConfig);

    // Functions that need absolute URLs (the Stream identity consumer's photo links) read this: their stacks come first.
    new StringParameter(this, 'SiteUrlParameter', {
      parameterName: siteUrlParameterName(stage),
      stringValue: this.url,
      description: `The public origin of the mentoring platform (${stage.name})`,
    });

    new CfnOutput(this, 'BaseUrl', { value: this.url, description: 'The SPA and /api/* on one origin; integration tests use it as BASE_URL.' });
    new CfnOutput(this, 'DistributionId', { value: this.distribution.distributionId });
    new CfnOutput(this, 'SiteBucketName', { value: site.bucketName });
  }

  /**
   * Members' photos, read through Origin Access Control. Their keys carry a content hash, so they are cached for a
   * year; the media stack's bucket policy lets this account's distributions read photos/ and nothing else.
   */
  private mediaBehaviour(mediaBucket: IBucket, securityHeaders: ResponseHeadersPolicy) {
    // Imported, so CloudFront's origin does not try to edit the media stack's bucket policy (that would make
    // the media stack depend on this one, which depends on it).
    const bucket = Bucket.fromBucketAttributes(this, 'MediaBucket', { bucketArn: mediaBucket.bucketArn, bucketName: mediaBucket.bucketName });
    const origin = S3BucketOrigin.withOriginAccessControl(bucket, { originAccessLevels: [AccessLevel.READ] });
    Annotations.of(this).acknowledgeWarning(
      '@aws-cdk/aws-cloudfront-origins:updateImportedBucketPolicyOac',
      "The media stack's bucket policy grants CloudFront read access to photos/ itself.",
    );
    const stripPrefix = new CloudFrontFunction(this, 'MediaPath', {
      comment: 'Maps /media/<key> to the media bucket key <key>',
      runtime: FunctionRuntime.JS_2_0,
      code: FunctionCode.fromInline(STRIP_MEDIA_PREFIX),
    });
    return {
      origin,
      viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: securityHeaders,
      functionAssociations: [{ eventType: FunctionEventType.VIEWER_REQUEST, function: stripPrefix }],
    };
  }

  /**
   * Hashed assets are immutable and kept across deploys (open tabs still load them); index.html and
   * config.json are revalidated on every load and invalidated at the edge. Unit tests synthesise with
   * bundling skipped and deploy a placeholder page, so they need no built SPA; a real synth needs
   * `npm run build` first.
   */
  private deploySpa(stage: StageConfig, site: Bucket, spaDirectory: string, config: Record<string, unknown>) {
    const built = existsSync(join(spaDirectory, 'index.html'));
    if (!built && this.bundlingRequired) {
      throw new Error(`The SPA is not built (${spaDirectory}/index.html is missing): run \`npm run build\` before synthesising ${this.stackName}.`);
    }
    const spa = Source.asset(this.bundlingRequired ? spaDirectory : PLACEHOLDER_SPA);
    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: stage.logRetentionDays, removalPolicy: removalPolicy(stage) });
    new BucketDeployment(this, 'DeployAssets', {
      sources: [spa],
      destinationBucket: site,
      // HTML goes with config.json below; CloudFront compresses by itself, so the precompressed copies stay home;
      // source maps are not published (vite.config.ts).
      exclude: ['*.html', '*.br', '*.gz', SOURCE_MAPS],
      prune: false,
      cacheControl: [CacheControl.fromString('public, max-age=31536000, immutable')],
      logGroup,
      memoryLimit: 512,
    });
    new BucketDeployment(this, 'DeployEntry', {
      sources: [spa, Source.jsonData('config.json', config)],
      destinationBucket: site,
      exclude: ['*'],
      include: ['*.html', 'config.json'],
      prune: false,
      cacheControl: [CacheControl.noCache()],
      distribution: this.distribution,
      // The function rewrites before the cache, so the cached keys are the files' own paths.
      distributionPaths: ['/', ...PUBLIC_PAGE_PATHS.map(prerenderedFile), '/spa.html', '/config.json'],
      logGroup,
      memoryLimit: 512,
    });
    this.acknowledgeDeploymentHandler(stage, site);
  }

  /** The Lambda that CDK's BucketDeployment brings (one per stack): its grants are CDK's, not ours. */
  private acknowledgeDeploymentHandler(stage: StageConfig, site: Bucket) {
    const handler = this.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!handler) throw new Error('CDK BucketDeployment handler not found: its construct id changed');
    const account = Token.isUnresolved(this.account) ? '<AWS::AccountId>' : this.account;
    const assets = `arn:<AWS::Partition>:s3:::cdk-${DefaultStackSynthesizer.DEFAULT_QUALIFIER}-assets-${account}-${stage.region}/*`;
    const findings: [string, string][] = [
      [LAMBDA_BASIC_EXECUTION, 'Grants only CloudWatch Logs writes for the CDK deployment handler.'],
      ['AwsSolutions-L1', 'aws-cdk-lib chooses the runtime of its BucketDeployment handler; it runs only during deploys.'],
      ...['GetObject*', 'GetBucket*', 'List*'].map((action): [string, string] => [
        `AwsSolutions-IAM5[Action::s3:${action}]`,
        'CDK BucketDeployment read grant, limited to the CDK asset bucket and the site bucket.',
      ]),
      ...['DeleteObject*', 'Abort*'].map((action): [string, string] => [
        `AwsSolutions-IAM5[Action::s3:${action}]`,
        'CDK BucketDeployment write grant, limited to the site bucket.',
      ]),
      [`AwsSolutions-IAM5[Resource::${assets}]`, 'Reads the zipped SPA from the CDK asset bucket, whose object keys are content hashes.'],
      [`AwsSolutions-IAM5[Resource::<${this.getLogicalId(site.node.defaultChild as CfnBucket)}.Arn>/*]`, 'Writes the SPA files, whose names are content hashes, into the site bucket.'],
      ['AwsSolutions-IAM5[Resource::*]', 'cloudfront:CreateInvalidation/GetInvalidation as CDK grants them; the handler only invalidates the distribution id it is given.'],
    ];
    for (const [rule, reason] of findings) acknowledge(handler, rule, reason);
  }
}
