import { Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledges one cdk-nag finding on a construct (and its children). `rule` is the rule id as cdk-nag
 * reports it, with the finding in brackets when a rule reports several (AwsSolutions-IAM5[Resource::*]).
 */
export const acknowledge = (scope: IConstruct, rule: string, reason: string) =>
  Validations.of(scope).acknowledge({ id: rule, reason });

/** The AWS-managed policy every Lambda role gets from CDK, as cdk-nag names it. */
export const LAMBDA_BASIC_EXECUTION = 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';
