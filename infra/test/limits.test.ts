import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_SECONDS, ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER, routeList } from '@mentoring/shared';
import { sharedStage, templateWithNested } from './synth';

describe('limits and the origin header in the synthesised prod stage', () => {
  let api: Template;
  let web: Template;
  let data: Template;
  beforeAll(() => {
    const { stacks } = sharedStage('prod');
    api = templateWithNested(stacks.api);
    web = Template.fromStack(stacks.web);
    data = Template.fromStack(stacks.data);
  }, 120_000);

  const functionOf = (handler: string) => {
    const found = Object.values(api.findResources('AWS::Lambda::Function', {
      Properties: { Environment: { Variables: { POWERTOOLS_SERVICE_NAME: handler.replaceAll('/', '-') } } },
    }));
    expect(found).toHaveLength(1);
    return found[0]!.Properties as { ReservedConcurrentExecutions?: number; Timeout: number; Environment: { Variables: Record<string, unknown> } };
  };

  it('reserves (and caps) concurrency exactly on the routes whose entry says so', () => {
    for (const route of routeList()) {
      expect({ route: route.key, reserved: functionOf(route.handler).ReservedConcurrentExecutions }).toEqual({ route: route.key, reserved: route.reservedConcurrency });
    }
    expect(routeList().filter((route) => route.reservedConcurrency).map((route) => route.key).sort()).toEqual(
      ['GET /api/chat/getOrCreateToken', 'POST /api/feedback', 'POST /api/webhooks/stream'],
    );
  });

  it("tells every API function its timeout (its SDK clients stop before it) and the origin secret's value", () => {
    for (const route of routeList()) {
      const fn = functionOf(route.handler);
      const timeout = route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS;
      expect(fn.Timeout).toBe(timeout);
      expect(fn.Environment.Variables.FUNCTION_TIMEOUT_SECONDS).toBe(String(timeout));
      expect(JSON.stringify(fn.Environment.Variables[ORIGIN_VERIFY_ENV])).toContain('resolve:secretsmanager');
    }
  });

  it('generates the origin secret per stage and has CloudFront send it to the API only', () => {
    api.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 48 }) });
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    const origins = (distribution!.Properties as { DistributionConfig: { Origins: { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] } }).DistributionConfig.Origins;
    const apiOrigins = origins.filter((origin) => origin.CustomOriginConfig);
    expect(apiOrigins).toHaveLength(1);
    expect(apiOrigins[0]!.OriginCustomHeaders?.map((entry) => entry.HeaderName)).toEqual([ORIGIN_VERIFY_HEADER]);
    expect(JSON.stringify(apiOrigins[0]!.OriginCustomHeaders![0]!.HeaderValue)).toContain('resolve:secretsmanager');
    expect(origins.filter((origin) => !origin.CustomOriginConfig).every((origin) => !origin.OriginCustomHeaders)).toBe(true);
  });

  it('has the idempotency table with its expiry', () => {
    data.hasResourceProperties('AWS::DynamoDB::GlobalTable', { TimeToLiveSpecification: { AttributeName: 'expiration', Enabled: true } });
  });
});
