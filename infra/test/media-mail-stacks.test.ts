import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { routeList } from '@mentoring/shared';
import { cdkContext, sharedStage, synthStage, templateWithNested } from './synth';

/** The API function's logical id prefix for a handler module, as the api stack names it. */
const functionId = (handler: string) =>
  `${handler
    .split(/[/-]/)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('')}Function`;

/** What the route table says, to compare with what the template grants. */
const routesWith = (pick: (needs: ReturnType<typeof routeList>[number]['needs']) => readonly string[] | undefined) =>
  routeList()
    .map((route) => [functionId(route.handler), [...(pick(route.needs) ?? [])].sort()] as const)
    .filter(([, actions]) => actions.length > 0);

const withDomain = () => {
  const stages = cdkContext().stages as Record<string, Record<string, unknown>>;
  return {
    stages: {
      ...stages,
      dev: {
        ...stages.dev,
        domain: { name: 'app.example.org', certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555' },
        mail: { from: 'hello@example.org', fromName: 'Mentoring' },
      },
    },
  };
};

describe('media stack', () => {
  const { stacks } = sharedStage('dev');
  const media = Template.fromStack(stacks.media);
  const bucket = () =>
    Object.values(media.findResources('AWS::S3::Bucket')).find((candidate) => candidate.Properties.CorsConfiguration)!.Properties;

  it('keeps the media bucket private, encrypted, SSL-only and logged', () => {
    expect(bucket()).toMatchObject({
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
      LoggingConfiguration: { DestinationBucketName: expect.anything(), LogFilePrefix: 'media/' },
    });
    const policy = Object.values(media.findResources('AWS::S3::BucketPolicy'))
      .map((candidate) => candidate.Properties.PolicyDocument.Statement as Record<string, unknown>[])
      .find((statements) => statements.some((statement) => statement.Sid === 'CloudFrontReadsPhotos'))!;
    expect(policy).toContainEqual(expect.objectContaining({ Effect: 'Deny', Action: 's3:*', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }));
  });

  it('forgets unconfirmed uploads after a day', () => {
    expect(bucket().LifecycleConfiguration.Rules).toContainEqual(expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }));
  });

  it("lets CloudFront of this account read photos/ only, and never uploads/", () => {
    const statement = Object.values(media.findResources('AWS::S3::BucketPolicy'))
      .flatMap((candidate) => candidate.Properties.PolicyDocument.Statement as Record<string, unknown>[])
      .find((candidate) => candidate.Sid === 'CloudFrontReadsPhotos')!;
    expect(statement).toMatchObject({ Effect: 'Allow', Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } });
    expect(JSON.stringify(statement.Resource)).toContain('/photos/*');
    expect(JSON.stringify(statement.Resource)).not.toContain('uploads');
    expect(JSON.stringify(statement.Condition)).toContain(':distribution/*');
  });

  it('allows presigned POSTs from CloudFront origins without a domain, and from the domain alone with one', () => {
    expect(bucket().CorsConfiguration.CorsRules).toEqual([expect.objectContaining({ AllowedMethods: ['POST'], AllowedOrigins: ['https://*.cloudfront.net'] })]);
    const custom = Template.fromStack(synthStage('dev', withDomain()).stacks.media);
    const rules = Object.values(custom.findResources('AWS::S3::Bucket')).find((candidate) => candidate.Properties.CorsConfiguration)!.Properties
      .CorsConfiguration.CorsRules;
    expect(rules).toEqual([expect.objectContaining({ AllowedMethods: ['POST'], AllowedOrigins: ['https://app.example.org'] })]);
  });

  it('lets only the photo functions touch the media bucket, each with exactly its actions', () => {
    const api = templateWithNested(stacks.api);
    const grants = Object.entries(api.findResources('AWS::IAM::Policy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((statement) => JSON.stringify(statement.Resource).includes('-media-bucket-arn'))
        .map((statement) => [id.replace(/ServiceRoleDefaultPolicy.*/, ''), [statement.Action].flat().sort()]),
    );
    const expected = Object.fromEntries(routesWith((needs) => needs.buckets?.media?.map((action) => `s3:${action}`)));
    expect(Object.keys(expected).sort()).toEqual(['HttpProfilePhotoConfirmFunction', 'HttpProfilePhotoDeleteFunction', 'HttpProfilePhotoUploadFunction']);
    expect(Object.fromEntries(grants)).toEqual(expected);
  });
});

describe('mail stack and e-mail grants', () => {
  const { stacks } = sharedStage('dev');

  it('verifies the sender address as an SES identity when the stage has no domain', () => {
    Template.fromStack(stacks.mail).hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'no-reply@example.org' });
  });

  it("verifies the sender's whole domain (DKIM) when the stage has one", () => {
    const mail = Template.fromStack(synthStage('dev', withDomain()).stacks.mail);
    mail.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'example.org' });
    expect(Object.keys(mail.findOutputs('*')).filter((id) => id.startsWith('DkimRecord'))).toHaveLength(3);
  });

  it('lets the routes that send e-mail use the identity, from the stage sender, and no other route', () => {
    const api = templateWithNested(stacks.api);
    const senders = Object.entries(api.findResources('AWS::IAM::Policy'))
      .filter(([, policy]) => JSON.stringify(policy).includes('ses:SendEmail'))
      .map(([id]) => id.replace(/ServiceRoleDefaultPolicy.*/, ''))
      .sort();
    const expected = routesWith((needs) => (needs.email ? ['email'] : undefined)).map(([id]) => id).sort();
    expect(expected).toContain('HttpProfileSubmitFunction');
    expect(senders).toEqual(expected);
    const statement = Object.values(api.findResources('AWS::IAM::Policy'))
      .flatMap((policy) => policy.Properties.PolicyDocument.Statement as { Action: string; Resource: unknown }[])
      .find((candidate) => candidate.Action === 'ses:SendEmail')!;
    expect(JSON.stringify(statement.Resource)).toContain(':identity/no-reply@example.org');
    const functions = Object.values(api.findResources('AWS::Lambda::Function'));
    const withSender = functions.filter((fn) => fn.Properties.Environment?.Variables?.MAIL_FROM);
    expect(withSender).toHaveLength(expected.length);
    expect(withSender[0]!.Properties.Environment.Variables.MAIL_FROM).toBe('Mentoring (dev) <no-reply@example.org>');
  });

  it('grants the user-pool actions a route names on the stage pool, with its id, and nothing else', () => {
    const api = templateWithNested(stacks.api);
    const statements = Object.entries(api.findResources('AWS::IAM::Policy')).flatMap(([id, policy]) =>
      (policy.Properties.PolicyDocument.Statement as { Action: string | string[]; Resource: unknown }[])
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('cognito-idp:')))
        .map((statement) => ({ id: id.replace(/ServiceRoleDefaultPolicy.*/, ''), actions: [statement.Action].flat().sort(), resource: statement.Resource })),
    );
    const expected = routesWith((needs) => needs.userPool?.map((action) => `cognito-idp:${action}`));
    expect(expected).toContainEqual(['HttpCoordinatorCoordinatorsAddFunction', ['cognito-idp:AdminAddUserToGroup', 'cognito-idp:ListUsers']]);
    expect(statements.map(({ id, actions }) => [id, actions]).sort()).toEqual([...expected].sort());
    for (const { resource } of statements) expect(JSON.stringify(resource)).toMatch(/UserPool.*Arn/);
  });
});

describe('stage mail settings', () => {
  it('refuses a sender that is not an e-mail address', () => {
    const stages = cdkContext().stages as Record<string, Record<string, unknown>>;
    expect(() => synthStage('dev', { stages: { ...stages, dev: { ...stages.dev, mail: { from: 'nobody' } } } })).toThrow(/mail\.from/);
  });
});
