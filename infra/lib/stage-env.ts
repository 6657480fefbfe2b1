import { secretName, type StageName } from './stages';

/**
 * Turns `cdk deploy --outputs-file` JSON into the environment the integration suite reads when it runs
 * against a deployed stage. Stacks that add what the suite needs (the Cognito pool and client, the
 * webhook signing secret's ARN...) add a CfnOutput and one line here.
 */
export const STAGE_ENV_OUTPUTS: Record<string, { stack: string; output: string }> = {
  BASE_URL: { stack: 'Web', output: 'BaseUrl' },
  STAGE_TABLES: { stack: 'Data', output: 'Tables' },
  // Dev and staging only (the full suite's stages): SES's events of the stage's mail.
  MAIL_EVENTS_QUEUE_URL: { stack: 'Mail', output: 'MailEventsQueueUrl' },
  // Dev and staging only: every event the stage's bus takes (a rule on the bus into a queue).
  BUS_EVENTS_QUEUE_URL: { stack: 'Events', output: 'BusEventsQueueUrl' },
  // Each schedule kind's function, which the suite invokes with the event Scheduler would send.
  STAGE_SCHEDULE_TARGETS: { stack: 'Schedules', output: 'ScheduleTargets' },
  STAGE_SCHEDULE_GROUP: { stack: 'Schedules', output: 'ScheduleGroupName' },
};

export const stageEnv = (stage: string, outputs: Record<string, Record<string, string>>) => ({
  ...Object.fromEntries(
    Object.entries(STAGE_ENV_OUTPUTS).flatMap(([name, { stack, output }]) => {
      const value = outputs[`Mentoring-${stage}-${stack}`]?.[output];
      if (value === undefined && (name === 'BASE_URL' || name === 'STAGE_TABLES')) {
        throw new Error(`Output ${output} of Mentoring-${stage}-${stack} is missing: was the stage deployed with --outputs-file?`);
      }
      return value === undefined ? [] : [[name, value]];
    }),
  ),
  // The buckets the suite reads through S3's API, by key: the archive's name is the last part of its ARN.
  ...(outputs[`Mentoring-${stage}-Events`]?.ArchiveBucketArn && outputs[`Mentoring-${stage}-Media`]?.MediaBucketName
    ? { STAGE_BUCKETS: JSON.stringify({ archive: outputs[`Mentoring-${stage}-Events`]!.ArchiveBucketArn!.split(':::')[1], media: outputs[`Mentoring-${stage}-Media`]!.MediaBucketName }) }
    : {}),
  // Made by hand before the first deploy (docs/operating.md), so no output names it: the suite reads it as the
  // pipeline's role may, to sign Stream's webhooks and ask Stream's API what the stage did there.
  STREAM_SECRET_ID: secretName({ name: stage as StageName }, 'stream'),
});
