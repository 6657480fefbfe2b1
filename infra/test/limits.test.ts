import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIMEOUT_SECONDS, ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER, routeList } from '@mentoring/shared';
import { STAGE_NAMES } from '../lib/stages';
import { sharedStage, stackAndNested, templateWithNested } from './synth';

/**
 * CloudFormation refuses a template of more than 500 resources, 200 outputs or 200 parameters, and nested stacks
 * are templates of their own. These fail well before, naming the template, so whoever adds routes learns it here
 * rather than from a failed synth or deploy.
 */
const MAX_RESOURCES = 400;
/** Routes still add one resource each to the API stack (their route stays there): half the limit leaves room. */
const MAX_API_STACK_RESOURCES = 250;
/** Each function that the monitoring stack graphs is an export of the stack that holds it (or its parent). */
const MAX_OUTPUTS_OR_PARAMETERS = 160;

describe.each(STAGE_NAMES)('CloudFormation limits in the synthesised %s stage', (stage) => {
  const templates = () => {
    const { stacks } = sharedStage(stage);
    return Object.values(stacks)
      .filter((stack) => stack !== undefined)
      .flatMap((stack) => stackAndNested(stack))
      .map(({ path, stack }) => {
        const template = Template.fromStack(stack).toJSON() as { Resources?: object; Outputs?: object; Parameters?: object };
        const count = (section?: object) => Object.keys(section ?? {}).length;
        return { path, resources: count(template.Resources), outputs: count(template.Outputs), parameters: count(template.Parameters) };
      });
  };

  it(`keeps every stack and nested stack at ${MAX_RESOURCES} resources or fewer`, () => {
    const all = templates();
    expect(all.filter(({ path }) => path.includes('/')).length).toBeGreaterThan(0);
    expect(all.filter(({ resources }) => resources > MAX_RESOURCES).map(({ path, resources }) => `${path}: ${resources} resources`)).toEqual([]);
  });

  it(`keeps the API stack itself at ${MAX_API_STACK_RESOURCES} resources or fewer, with its routes' functions in nested stacks`, () => {
    const { stacks } = sharedStage(stage);
    const api = Template.fromStack(stacks.api);
    const own = Object.keys(api.toJSON().Resources as object).length;
    expect(own, `${stacks.api.stackName} has ${own} resources`).toBeLessThanOrEqual(MAX_API_STACK_RESOURCES);
    // Only the not-found function is the API stack's own; every route's function is in a nested stack.
    api.resourceCountIs('AWS::Lambda::Function', 1);
    expect(stacks.api.functions).toHaveLength(routeList().length + 1);
  });

  it(`keeps every stack and nested stack at ${MAX_OUTPUTS_OR_PARAMETERS} outputs and parameters or fewer`, () => {
    const over = templates()
      .filter(({ outputs, parameters }) => outputs > MAX_OUTPUTS_OR_PARAMETERS || parameters > MAX_OUTPUTS_OR_PARAMETERS)
      .map(({ path, outputs, parameters }) => `${path}: ${outputs} outputs, ${parameters} parameters`);
    expect(over).toEqual([]);
  });
});

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
