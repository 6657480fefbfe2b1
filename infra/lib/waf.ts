import type { CfnWebACL, CfnWebACLProps } from 'aws-cdk-lib/aws-wafv2';
import {
  apiRateLimits,
  RATE_LIMITED_MESSAGE,
  userPoolRateLimits,
  type ApiRateLimit,
  type RateLimit,
  type UserPoolRateLimit,
} from '@mentoring/shared';

type Statement = CfnWebACL.StatementProperty;
type Rule = CfnWebACL.RuleProperty;

/** The body key of the 429 both web ACLs answer with (its content is in `customResponseBodies`). */
export const RATE_LIMITED_BODY_KEY = 'rate-limited';

/** What Cognito's SDKs read from a refused call: the same `__type` as the local stage's Cognito front. */
export const userPoolRateLimitedBody = () => JSON.stringify({ __type: 'TooManyRequestsException', message: RATE_LIMITED_MESSAGE });

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

const anyOf = (statements: Statement[]): Statement => (statements.length === 1 ? statements[0]! : { orStatement: { statements } });

const pathStartsWith = (prefix: string): Statement => ({
  byteMatchStatement: { fieldToMatch: { uriPath: {} }, positionalConstraint: 'STARTS_WITH', searchString: prefix, textTransformations: [{ priority: 0, type: 'NONE' }] },
});

const cognitoAction = (action: string): Statement => ({
  byteMatchStatement: {
    // Typed `any` in the L1 construct, so written as CloudFormation spells it.
    fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
    positionalConstraint: 'EXACTLY',
    searchString: `AWSCognitoIdentityProviderService.${action}`,
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

/** The requests an API limit counts: its path prefixes, minus those another limit covers (apiLimitApplies in shared). */
export const apiScope = (limit: ApiRateLimit): Statement => {
  const included = anyOf(limit.pathPrefixes.map(pathStartsWith));
  if (!limit.exceptPathPrefixes?.length) return included;
  return { andStatement: { statements: [included, { notStatement: { statement: anyOf(limit.exceptPathPrefixes.map(pathStartsWith)) } }] } };
};

export const userPoolScope = (limit: UserPoolRateLimit): Statement => anyOf(limit.actions.map(cognitoAction));

/** One WAF rate-based rule per shared limit: per client IP, over the limit's window, answered 429 with Retry-After. */
const rateRule = (limit: RateLimit, priority: number, scope: Statement): Rule => ({
  name: `rate-${limit.name}`,
  priority,
  action: {
    block: {
      customResponse: {
        responseCode: 429,
        customResponseBodyKey: RATE_LIMITED_BODY_KEY,
        responseHeaders: [{ name: 'retry-after', value: String(limit.windowSeconds) }],
      },
    },
  },
  statement: { rateBasedStatement: { limit: limit.limit, evaluationWindowSec: limit.windowSeconds, aggregateKeyType: 'IP', scopeDownStatement: scope } },
  visibilityConfig: visibility(`rate-${limit.name}`),
});

const managedGroup = (name: string, priority: number, countInstead: string[] = []): Rule => ({
  name: `aws-${name}`,
  priority,
  overrideAction: { none: {} },
  statement: {
    managedRuleGroupStatement: {
      vendorName: 'AWS',
      name,
      ruleActionOverrides: countInstead.length ? countInstead.map((rule) => ({ name: rule, actionToUse: { count: {} } })) : undefined,
    },
  },
  visibilityConfig: visibility(`aws-${name}`),
});

/**
 * The site's web ACL (CloudFront): the shared API limits first, then AWS's common rule set and known bad inputs.
 * The common set's SizeRestrictions_BODY (over 8 KB) only counts: Stream's webhooks are signed bodies of up to
 * 256 KiB, and the API refuses oversized bodies per route itself (413).
 */
export const siteWebAclRules = (): Rule[] => {
  const rate = apiRateLimits().map((limit, index) => rateRule(limit, index, apiScope(limit)));
  return [
    ...rate,
    managedGroup('AWSManagedRulesCommonRuleSet', rate.length, ['SizeRestrictions_BODY']),
    managedGroup('AWSManagedRulesKnownBadInputsRuleSet', rate.length + 1),
  ];
};

/** The user pool's web ACL: sign-up and sign-in limits by Cognito action. */
export const userPoolWebAclRules = (): Rule[] => userPoolRateLimits().map((limit, index) => rateRule(limit, index, userPoolScope(limit)));

/** A web ACL that allows what no rule blocks, with the 429 body its rate rules answer. */
export const webAclProps = (name: string, scope: 'CLOUDFRONT' | 'REGIONAL', rules: Rule[], body: string): CfnWebACLProps => ({
  name,
  scope,
  defaultAction: { allow: {} },
  rules,
  customResponseBodies: { [RATE_LIMITED_BODY_KEY]: { contentType: 'APPLICATION_JSON', content: body } },
  visibilityConfig: visibility(name),
});

