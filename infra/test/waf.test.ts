import { Match, Template } from 'aws-cdk-lib/assertions';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiLimitApplies, apiRateLimits, rateLimitedBody, routeList, userPoolRateLimits } from '@mentoring/shared';
import { apiScope, userPoolRateLimitedBody, userPoolScope } from '../lib/waf';
import { sharedStage, templateWithNested } from './synth';

type Statement = CfnWebACL.StatementProperty;

/** WAF's evaluation of the statements our scopes use, over a request's path and X-Amz-Target. */
const matches = (statement: Statement, request: { path?: string; target?: string }): boolean => {
  if (statement.orStatement) return ((statement.orStatement as { statements: Statement[] }).statements).some((inner) => matches(inner, request));
  if (statement.andStatement) return ((statement.andStatement as { statements: Statement[] }).statements).every((inner) => matches(inner, request));
  if (statement.notStatement) return !matches((statement.notStatement as { statement: Statement }).statement, request);
  const byteMatch = statement.byteMatchStatement as { fieldToMatch: { uriPath?: object; singleHeader?: { Name: string } }; positionalConstraint: string; searchString: string };
  const value = byteMatch.fieldToMatch.uriPath ? request.path : byteMatch.fieldToMatch.singleHeader?.Name === 'x-amz-target' ? request.target : undefined;
  if (value === undefined) return false;
  return byteMatch.positionalConstraint === 'STARTS_WITH' ? value.startsWith(byteMatch.searchString) : value === byteMatch.searchString;
};

type Rule = { Name: string; Priority: number; Action?: unknown; OverrideAction?: unknown; Statement: Record<string, Record<string, unknown>> };
const webAcls = (template: Template) =>
  Object.values(template.findResources('AWS::WAFv2::WebACL')).map((resource) => resource.Properties as { Scope: string; Rules: Rule[]; CustomResponseBodies: Record<string, { Content: string }> });

describe('WAF scopes count exactly what the local stage counts', () => {
  const paths = [...routeList().map((route) => route.path.replaceAll(/\{\w+\}/g, 'x')), '/api/webhooks/stream', '/api/feedback', '/api', '/', '/about', '/api/chat/getOrCreateToken'];
  it.each(apiRateLimits().map((limit) => [limit.name, limit] as const))('the %s limit', (_, limit) => {
    for (const path of paths) expect({ path, counted: matches(apiScope(limit), { path }) }).toEqual({ path, counted: apiLimitApplies(limit, path) });
  });

  it.each(userPoolRateLimits().map((limit) => [limit.name, limit] as const))('the %s limit, by Cognito action', (_, limit) => {
    for (const action of [...limit.actions, 'GetUser', 'InitiateAuthX', 'Signup']) {
      const target = `AWSCognitoIdentityProviderService.${action}`;
      expect({ action, counted: matches(userPoolScope(limit), { target }) }).toEqual({ action, counted: limit.actions.includes(action) });
    }
  });
});

describe('the prod stage (waf: true)', () => {
  let edge: Template;
  let web: Template;
  let auth: Template;
  let monitoring: Template;
  beforeAll(() => {
    const { stacks } = sharedStage('prod');
    expect(stacks.edge?.region).toBe('us-east-1');
    edge = Template.fromStack(stacks.edge!);
    web = Template.fromStack(stacks.web);
    auth = Template.fromStack(stacks.auth);
    monitoring = Template.fromStack(stacks.monitoring);
  }, 120_000);

  it("puts CloudFront's web ACL in us-east-1: the shared API limits, answered 429 in the documented shape, then AWS's rules", () => {
    const [acl, ...others] = webAcls(edge);
    expect(others).toEqual([]);
    expect(acl!.Scope).toBe('CLOUDFRONT');
    const rate = acl!.Rules.filter((rule) => rule.Statement.RateBasedStatement);
    expect(rate.map((rule) => ({ name: rule.Name, limit: rule.Statement.RateBasedStatement!.Limit, window: rule.Statement.RateBasedStatement!.EvaluationWindowSec, key: rule.Statement.RateBasedStatement!.AggregateKeyType }))).toEqual(
      apiRateLimits().map((limit) => ({ name: `rate-${limit.name}`, limit: limit.limit, window: limit.windowSeconds, key: 'IP' })),
    );
    for (const rule of rate) {
      expect(rule.Action).toEqual({ Block: { CustomResponse: { ResponseCode: 429, CustomResponseBodyKey: 'rate-limited', ResponseHeaders: [{ Name: 'retry-after', Value: expect.stringMatching(/^\d+$/) }] } } });
    }
    expect(acl!.CustomResponseBodies).toEqual({ 'rate-limited': { ContentType: 'APPLICATION_JSON', Content: rateLimitedBody() } });
    const managed = acl!.Rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement).map((rule) => rule.Statement.ManagedRuleGroupStatement);
    expect(managed).toEqual([
      // Webhook bodies are up to 256 KiB: the body-size rule only counts.
      { VendorName: 'AWS', Name: 'AWSManagedRulesCommonRuleSet', RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }] },
      { VendorName: 'AWS', Name: 'AWSManagedRulesKnownBadInputsRuleSet' },
    ]);
    // Rate limits are evaluated before the managed groups.
    expect(Math.max(...rate.map((rule) => rule.Priority))).toBeLessThan(Math.min(...acl!.Rules.filter((rule) => !rule.Statement.RateBasedStatement).map((rule) => rule.Priority)));
  });

  it('attaches it to the distribution, and alarms on its blocks from us-east-1', () => {
    web.hasResourceProperties('AWS::CloudFront::Distribution', { DistributionConfig: Match.objectLike({ WebACLId: Match.anyValue() }) });
    edge.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests', Dimensions: Match.arrayWith([{ Name: 'Rule', Value: 'ALL' }]) });
    edge.resourceCountIs('AWS::SNS::Subscription', 1);
  });

  it("limits sign-up and sign-in with a web ACL on the user pool, answered in Cognito's error shape", () => {
    const [acl] = webAcls(auth);
    expect(acl!.Scope).toBe('REGIONAL');
    expect(acl!.Rules.map((rule) => [rule.Name, rule.Statement.RateBasedStatement!.Limit])).toEqual(userPoolRateLimits().map((limit) => [`rate-${limit.name}`, limit.limit]));
    expect(acl!.CustomResponseBodies['rate-limited']!.Content).toBe(userPoolRateLimitedBody());
    auth.hasResourceProperties('AWS::WAFv2::WebACLAssociation', { ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^UserPool'), 'Arn'] } });
    monitoring.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/WAFV2', MetricName: 'BlockedRequests', Threshold: 50 });
  });

  it("sends Cognito's e-mail through SES from the stage's sender", () => {
    auth.hasResourceProperties('AWS::Cognito::UserPool', {
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', From: 'Mentoring <no-reply@example.org>', SourceArn: Match.anyValue() }),
    });
  });
});

describe('the dev stage (waf off by default)', () => {
  it('has no web ACL, no edge stack, and still mails through SES', () => {
    const { stacks } = sharedStage('dev');
    expect(stacks.edge).toBeUndefined();
    for (const stack of Object.values(stacks)) if (stack) templateWithNested(stack).resourceCountIs('AWS::WAFv2::WebACL', 0);
    Template.fromStack(stacks.auth).hasResourceProperties('AWS::Cognito::UserPool', { EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER' }) });
  });
});
