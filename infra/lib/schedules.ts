import { Aws } from 'aws-cdk-lib';
import { scheduleKinds, type ScheduleKind } from '@mentoring/shared';
import type { StageConfig } from './stages';

/**
 * What a function that sets schedules must know, and be allowed, to do so. Every name is fixed by the stage, and
 * every ARN is built from its name: the schedules stack and the functions that point schedules at its functions
 * (in any stack, including its own) agree without a reference between them, so no cycle can arise.
 */
export interface ScheduleTargets {
  groupName: string;
  /** The ARN pattern of the group's schedules, which CreateSchedule, UpdateSchedule and DeleteSchedule act on. */
  schedulesArn: string;
  /** How cdk-nag prints `schedulesArn` in its findings. */
  nagSchedulesResource: string;
  /** The role Scheduler assumes to invoke the targets (iam:PassRole on it, and on nothing else). */
  roleArn: string;
  /** The dead-letter queue of invocations Scheduler could not deliver. */
  deadLetterArn: string;
  /** Each kind's function ARN. */
  targets: Record<ScheduleKind, string>;
}

export const scheduleNames = (stage: Pick<StageConfig, 'name' | 'region'>) => ({
  group: `mentoring-${stage.name}`,
  // IAM role names are global to the account: the region keeps two regions' stages apart.
  role: `mentoring-${stage.name}-${stage.region}-scheduler`,
  deadLetterQueue: `mentoring-${stage.name}-schedule-dead-letters`,
  function: (kind: string) => `mentoring-${stage.name}-schedule-${kind}`,
});

export const scheduleTargets = (stage: Pick<StageConfig, 'name' | 'region'>, kinds: readonly string[] = scheduleKinds()): ScheduleTargets => {
  const names = scheduleNames(stage);
  const arn = (service: string, resource: string) => `arn:${Aws.PARTITION}:${service}:${Aws.REGION}:${Aws.ACCOUNT_ID}:${resource}`;
  return {
    groupName: names.group,
    schedulesArn: arn('scheduler', `schedule/${names.group}/*`),
    nagSchedulesResource: `arn:<AWS::Partition>:scheduler:<AWS::Region>:<AWS::AccountId>:schedule/${names.group}/*`,
    roleArn: `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/${names.role}`,
    deadLetterArn: arn('sqs', names.deadLetterQueue),
    targets: Object.fromEntries(kinds.map((kind) => [kind, arn('lambda', `function:${names.function(kind)}`)])) as Record<ScheduleKind, string>,
  };
};
