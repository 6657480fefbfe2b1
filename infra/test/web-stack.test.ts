import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../lib/paths';
import { spaFallbackSource, WebStack } from '../lib/stacks/web-stack';
import { resolveStage } from '../lib/stages';
import { securityHeaders, STREAM_CONNECT_SOURCES } from '@mentoring/shared';
import { cdkContext, synthStage } from './synth';

// CloudFront's managed policy ids (identical in every account).
const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST_HEADER = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

describe('web stack', () => {
  const { stacks } = synthStage('dev');
  const web = Template.fromStack(stacks.web);
  const distribution = () => Object.values(web.findResources('AWS::CloudFront::Distribution'))[0]!.Properties.DistributionConfig;
  const headers = () =>
    Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;

  it('keeps every bucket private, encrypted and SSL-only', () => {
    const buckets = Object.values(web.findResources('AWS::S3::Bucket'));
    expect(buckets).toHaveLength(2);
    for (const bucket of buckets) {
      expect(bucket.Properties).toMatchObject({
        PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
        BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      });
    }
    const policies = Object.values(web.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(2);
    for (const policy of policies) {
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('lets only this distribution read the site bucket, through Origin Access Control', () => {
    // The site's and the media bucket's.
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 2);
    web.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: { OriginAccessControlOriginType: 's3', SigningBehavior: 'always', SigningProtocol: 'sigv4' },
    });
    web.hasResourceProperties('AWS::S3::BucketPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: { StringEquals: { 'AWS:SourceArn': Match.anyValue() } },
          }),
        ]),
      },
    });
    const s3Origin = distribution().Origins.find((origin: { S3OriginConfig?: unknown }) => origin.S3OriginConfig);
    expect(s3Origin.OriginAccessControlId).toBeDefined();
  });

  it('serves members\' photos at /media/photos/* from the media bucket through Origin Access Control, cached long', () => {
    const media = distribution().CacheBehaviors.find((behaviour: { PathPattern: string }) => behaviour.PathPattern === '/media/photos/*');
    expect(media).toMatchObject({
      AllowedMethods: ['GET', 'HEAD'],
      CachePolicyId: '658327ea-f89d-4fab-a63d-7e88639e58f6', // CachingOptimized: up to a year, as the photos' Cache-Control says
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: [{ EventType: 'viewer-request', FunctionARN: expect.anything() }],
    });
    const origin = distribution().Origins.find((candidate: { Id: string }) => candidate.Id === media.TargetOriginId);
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(JSON.stringify(origin.DomainName)).toMatch(/MediaBucket/);
    const code = Object.values(web.findResources('AWS::CloudFront::Function'))
      .map((fn) => fn.Properties.FunctionCode as string)
      .find((source) => source.includes('/media'))!;
    // The viewer-request function maps /media/<key> to the bucket's <key>.
    const handler = new Function(`${code}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
    expect(handler({ request: { uri: '/media/photos/abc/hash-400.webp' } }).uri).toBe('/photos/abc/hash-400.webp');
  });

  it("publishes the site's URL for functions that need absolute links", () => {
    web.hasResourceProperties('AWS::SSM::Parameter', { Name: '/mentoring/dev/site-url', Type: 'String' });
  });

  it('sends /api/* to the HTTP API over TLS 1.2, uncached, with the viewer headers but not Host', () => {
    const [api] = distribution().CacheBehaviors;
    expect(api).toMatchObject({
      PathPattern: '/api/*',
      AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
      CachePolicyId: CACHING_DISABLED,
      OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST_HEADER,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(api.FunctionAssociations).toBeUndefined();
    const apiOrigin = distribution().Origins.find((origin: { Id: string }) => origin.Id === api.TargetOriginId);
    expect(apiOrigin.CustomOriginConfig).toEqual({ OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] });
    expect(JSON.stringify(apiOrigin.DomainName)).toMatch(/Mentoring-dev-Api:ExportsOutputFnGetAttHttpApi\w+ApiEndpoint/);
  });

  it('rewrites client routes to index.html on the default behaviour only', () => {
    const { DefaultCacheBehavior } = distribution();
    expect(DefaultCacheBehavior.ViewerProtocolPolicy).toBe('redirect-to-https');
    expect(DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SpaFallback/), 'FunctionARN'] } },
    ]);
    // No custom error responses: they would turn the API's 404s into index.html too.
    expect(distribution().CustomErrorResponses).toBeUndefined();
  });

  /** The CSP with the archive bucket's name token resolved to the name the events stack gives it. */
  const resolvedCsp = () => {
    const value = headers().ContentSecurityPolicy.ContentSecurityPolicy as string | { 'Fn::Join': [string, unknown[]] };
    if (typeof value === 'string') return { csp: value, bucketImports: [] as unknown[] };
    const [separator, parts] = value['Fn::Join'];
    const bucketImports = parts.filter((part) => typeof part !== 'string');
    const name = (part: unknown) => (/ArchiveBucket/.test(JSON.stringify(part)) ? 'ARCHIVE-BUCKET' : /Media/.test(JSON.stringify(part)) ? 'MEDIA-BUCKET' : 'UNKNOWN');
    return { csp: parts.map((part) => (typeof part === 'string' ? part : name(part))).join(separator), bucketImports };
  };

  it('sends a CSP allowing exactly its own origin, Stream, the stage Cognito endpoint and the archive bucket, plus HSTS, DENY and nosniff', () => {
    const config = headers();
    const { csp, bucketImports } = resolvedCsp();
    const directives = Object.fromEntries(csp.split('; ').map((directive) => [directive.split(' ')[0], directive.split(' ').slice(1)]));
    // Exactly the archive bucket (its name from the events stack), not any bucket of the region.
    const archive = 'https://ARCHIVE-BUCKET.s3.eu-west-1.amazonaws.com';
    const media = 'https://MEDIA-BUCKET.s3.eu-west-1.amazonaws.com';
    expect(bucketImports).toHaveLength(3);
    expect(csp).not.toContain('UNKNOWN');
    expect(csp).not.toContain('*.s3.');
    // The media bucket only where the SPA POSTs a photo: connect-src, nowhere else.
    expect(directives['connect-src']).toEqual(["'self'", ...STREAM_CONNECT_SOURCES, 'https://cognito-idp.eu-west-1.amazonaws.com', archive, media]);
    expect(directives['media-src']).toContain(archive);
    expect(csp.split(media)).toHaveLength(2);
    // WebAssembly (the noise-cancellation filter) may compile and its worklet load from a blob: URL; scripts still come from this origin only.
    expect(directives['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'", 'blob:']);
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp.replace("'wasm-unsafe-eval'", '')).not.toMatch(/unsafe-eval|\s\*\s|\s\*;|http:/);
    expect(config).toMatchObject({
      StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Override: true },
      FrameOptions: { FrameOption: 'DENY', Override: true },
      ContentTypeOptions: { Override: true },
    });
    const behaviours = [distribution().DefaultCacheBehavior, ...distribution().CacheBehaviors];
    for (const behaviour of behaviours) expect(behaviour.ResponseHeadersPolicyId).toEqual({ Ref: expect.stringMatching(/^SecurityHeaders/) });
  });

  it("sends exactly the shared definition's headers, which the local stage sends too", () => {
    const policy = Object.values(web.findResources('AWS::CloudFront::ResponseHeadersPolicy'))[0]!.Properties.ResponseHeadersPolicyConfig;
    const security = policy.SecurityHeadersConfig;
    const hsts = security.StrictTransportSecurity;
    // The headers CloudFront writes for this policy, spelled as a browser receives them.
    const sent = {
      'content-security-policy': resolvedCsp().csp,
      'strict-transport-security': `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}${hsts.Preload ? '; preload' : ''}`,
      'x-frame-options': security.FrameOptions.FrameOption,
      ...(security.ContentTypeOptions ? { 'x-content-type-options': 'nosniff' } : {}),
      'referrer-policy': security.ReferrerPolicy.ReferrerPolicy,
      ...Object.fromEntries(policy.CustomHeadersConfig.Items.map((item: { Header: string; Value: string }) => [item.Header.toLowerCase(), item.Value])),
    };
    expect(sent).toEqual(
      securityHeaders({
        cognito: 'https://cognito-idp.eu-west-1.amazonaws.com',
        archive: 'https://ARCHIVE-BUCKET.s3.eu-west-1.amazonaws.com',
        uploads: 'https://MEDIA-BUCKET.s3.eu-west-1.amazonaws.com',
      }),
    );
  });

  it('never deploys the source maps of the build', () => {
    const deployments = Object.values(web.findResources('Custom::CDKBucketDeployment')).map((resource) => resource.Properties);
    expect(deployments).toHaveLength(2);
    for (const deployment of deployments) {
      // Either excluded by name, or everything is excluded but what is included by name (HTML and config.json).
      const excluded: string[] = deployment.Exclude ?? [];
      const included: string[] = deployment.Include ?? [];
      expect(excluded.includes('*.map') || (excluded.includes('*') && included.every((pattern) => !pattern.endsWith('.map') && pattern !== '*'))).toBe(true);
    }
  });

  it('logs CloudFront and S3 access to a log bucket kept for the stage retention', () => {
    expect(distribution().Logging).toMatchObject({ Prefix: 'cloudfront/' });
    web.hasResourceProperties('AWS::S3::Bucket', { LoggingConfiguration: { LogFilePrefix: 's3/' } });
    web.hasResourceProperties('AWS::S3::Bucket', { LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 14 })] } });
  });

  it('deploys config.json with the stage values beside index.html, revalidated and invalidated on each deploy', () => {
    expect(stacks.web.runtimeConfig).toEqual({
      stage: 'dev',
      version: '0.1.0',
      region: 'eu-west-1',
      // The deployed SPA signs in with SRP against Cognito itself: no local endpoint.
      cognito: { userPoolId: expect.any(String), userPoolClientId: expect.any(String) },
    });
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Include: ['*.html', 'config.json'],
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/', '/index.html', '/about/index.html', '/become-a-mentor/index.html', '/volunteer/index.html', '/partnerships/index.html', '/spa.html', '/config.json'],
      Prune: false,
    });
    web.hasResourceProperties('Custom::CDKBucketDeployment', {
      Exclude: ['*.html', '*.br', '*.gz', '*.map'],
      SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
    });
  });

  it('outputs the base URL the integration tests use', () => {
    web.hasOutput('BaseUrl', { Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('^Distribution'), 'DomainName'] }]] } });
  });

  it('refuses a real synth when the SPA is not built, naming the command that builds it', () => {
    const app = new App();
    const stage = resolveStage('dev', (cdkContext() as { stages: unknown }).stages);
    const api = new HttpApi(new Stack(app, 'ApiStub'), 'Api');
    expect(() => new WebStack(app, 'Web', { stage, api, spaDirectory: join(repoRoot, 'no-such-dist') })).toThrow(/no-such-dist\/index.html is missing\): run `npm run build`/);
  });
});

describe('SPA fallback function', () => {
  const handler = new Function(`${spaFallbackSource()}; return handler;`)() as (event: { request: { uri: string } }) => { uri: string };
  const rewrite = (uri: string) => handler({ request: { uri } }).uri;

  it('serves each prerendered public page its own HTML', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/about')).toBe('/about/index.html');
    expect(rewrite('/partnerships/')).toBe('/partnerships/index.html');
  });

  it('serves the bare SPA shell for every other client route', () => {
    expect(rewrite('/mentors')).toBe('/spa.html');
    expect(rewrite('/sessions/42/')).toBe('/spa.html');
    expect(rewrite('/about/team')).toBe('/spa.html');
  });

  it('leaves files alone, so a missing asset is not answered with HTML', () => {
    expect(rewrite('/assets/index-3f2a.js')).toBe('/assets/index-3f2a.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });
});
