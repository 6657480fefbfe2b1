import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { ApiStack } from './stacks/api-stack';
import { AuthStack } from './stacks/auth-stack';
import { DataStack } from './stacks/data-stack';
import { EdgeStack } from './stacks/edge-stack';
import { MonitoringStack } from './stacks/monitoring-stack';
import { WebStack } from './stacks/web-stack';
import { EventsStack } from './stacks/events-stack';
import { SchedulesStack } from './stacks/schedules-stack';
import { MailStack } from './stacks/mail-stack';
import { MediaStack } from './stacks/media-stack';
import { resolveStage } from './stages';

/** Builds the stack set of the stage named by `-c stage=...`, checked by cdk-nag's AwsSolutions rules. */
export const buildApp = (app: App = new App()) => {
  const stage = resolveStage(app.node.tryGetContext('stage'), app.node.tryGetContext('stages'), app.node.tryGetContext('version'));
  const env = { account: stage.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: stage.region };
  const prefix = `Mentoring-${stage.name}`;

  const data = new DataStack(app, `${prefix}-Data`, { env, stage });
  const mail = new MailStack(app, `${prefix}-Mail`, { env, stage });
  const auth = new AuthStack(app, `${prefix}-Auth`, { env, stage });
  // Cognito sends its codes through the stage's SES identity: it must exist first.
  auth.addStackDependency(mail, 'The user pool e-mails from the SES identity');
  // CloudFront's web ACL lives in us-east-1 whatever the stage's region; the web stack reads it across regions.
  const edge = stage.waf ? new EdgeStack(app, `${prefix}-Edge`, { env: { ...env, region: 'us-east-1' }, stage, crossRegionReferences: true }) : undefined;
  const events = new EventsStack(app, `${prefix}-Events`, { env, stage, tables: data.tables });
  const media = new MediaStack(app, `${prefix}-Media`, { env, stage });
  const schedules = new SchedulesStack(app, `${prefix}-Schedules`, {
    env,
    stage,
    tables: data.tables,
    eventBus: events.bus,
    userPool: auth.userPool,
    buckets: events.buckets,
  });
  // The snapshot schedule's grant imports the archive bucket's ARN from the events stack's export.
  schedules.addStackDependency(events, 'Schedule functions store objects in the archive bucket');
  const api = new ApiStack(app, `${prefix}-Api`, {
    env,
    stage,
    tables: data.tables,
    auth,
    eventBus: events.bus,
    buckets: { ...events.buckets, ...media.buckets },
    schedules: schedules.targets,
  });
  // The API's functions name the schedule functions and Scheduler's role by ARN, not by reference: deploy those first.
  api.addStackDependency(schedules, 'API functions set schedules that invoke the schedule functions');
  const web = new WebStack(app, `${prefix}-Web`, {
    env,
    stage,
    crossRegionReferences: edge !== undefined,
    webAclArn: edge?.webAcl.attrArn,
    api: api.api,
    originSecret: api.originSecret,
    mediaBucket: media.bucket,
    archiveBucket: events.buckets.archive,
    runtimeConfig: {
      region: stage.region,
      cognito: { userPoolId: auth.userPool.userPoolId, userPoolClientId: auth.userPoolClient.userPoolClientId },
    },
  });
  // `-c monitorApiFunctions=false` leaves the API's functions off the dashboard, so the monitoring stack imports none
  // of the API stack's exports of their names: deployed once on its own, it lets the API stack drop exports that it
  // imported (functions that moved or went away; CloudFormation refuses to delete an export in use). docs/operating.md.
  const monitorApiFunctions = String(app.node.tryGetContext('monitorApiFunctions') ?? true) !== 'false';
  const monitoring = new MonitoringStack(app, `${prefix}-Monitoring`, {
    env,
    stage,
    api: api.api,
    functions: [...(monitorApiFunctions ? api.functions : []), ...events.consumers, ...schedules.functions],
    tables: Object.values(data.tables),
    distribution: web.distribution,
    deadLetterQueues: [...events.deadLetterQueues, schedules.deadLetterQueue],
    eventRules: events.rules,
    extraAlarms: [
      ...schedules.lostInvocations,
      ...(auth.webAclBlocked ? [auth.webAclBlocked] : []),
      {
        id: 'CallFeatureFailedAlarm',
        metric: events.callFeatureFailed,
        description: 'A call recording, transcription, caption or broadcast failed (Stream sent a *_failed event)',
      },
    ],
  });

  Tags.of(app).add('stage', stage.name);
  Tags.of(app).add('project', 'mentoring-platform');
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stage, stacks: { data, auth, events, media, mail, schedules, api, web, monitoring, edge } };
};
