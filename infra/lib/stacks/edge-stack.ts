import { CfnOutput, Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { rateLimitedBody } from '@mentoring/shared';
import { acknowledge } from '../nag';
import type { StageConfig } from '../stages';
import { siteWebAclRules, webAclProps } from '../waf';

export interface EdgeStackProps extends StackProps {
  stage: StageConfig;
}

/** Blocked requests in 5 minutes that page someone: far above a few scripts, what a flood or an attack looks like. */
export const SITE_BLOCKED_ALARM_THRESHOLD = 500;

/**
 * What CloudFront needs from us-east-1 (the only region its web ACLs live in): the site's web ACL, and the alarm
 * on its blocks, since CloudWatch alarms only read metrics of their own region. The web stack takes the ACL by a
 * cross-region reference. Only stages with `waf: true` have this stack.
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const name = `mentoring-${stage.name}-site`;
    this.webAcl = new CfnWebACL(this, 'SiteWebAcl', webAclProps(name, 'CLOUDFRONT', siteWebAclRules(), rateLimitedBody()));

    const topic = new Topic(this, 'EdgeAlarmTopic', { displayName: `Mentoring ${stage.name} alarms (us-east-1)`, enforceSSL: true });
    topic.addSubscription(new EmailSubscription(stage.alarmEmail));
    acknowledge(topic, 'AwsSolutions-SNS2', 'Alarm notifications carry only alarm names and states; a customer managed key would add cost and a CloudWatch key policy for no protected data.');
    const blocked = new Alarm(this, 'SiteBlockedRequestsAlarm', {
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: name, Rule: 'ALL' },
        period: Duration.minutes(5),
        statistic: 'Sum',
      }),
      alarmDescription: `The site's web ACL blocked ${SITE_BLOCKED_ALARM_THRESHOLD} or more requests in 5 minutes: rate limits (429) or AWS's rules (${stage.name})`,
      threshold: SITE_BLOCKED_ALARM_THRESHOLD,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    blocked.addAlarmAction(new SnsAction(topic));
    blocked.addOkAction(new SnsAction(topic));

    new CfnOutput(this, 'SiteWebAclArn', { value: this.webAcl.attrArn });
  }
}
