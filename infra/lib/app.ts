import { App, Tags } from 'aws-cdk-lib';
import { ApiStack } from './stacks/api-stack';
import { DataStack } from './stacks/data-stack';
import { EventsStack } from './stacks/events-stack';
import { resolveStage } from './stages';

/** Builds the stack set of the stage named by `-c stage=...`. */
export const buildApp = (app: App = new App()) => {
  const stage = resolveStage(app.node.tryGetContext('stage'), app.node.tryGetContext('stages'));
  const env = { account: stage.account ?? process.env.CDK_DEFAULT_ACCOUNT, region: stage.region };
  const prefix = `Mentoring-${stage.name}`;

  const data = new DataStack(app, `${prefix}-Data`, { env, stage });
  const events = new EventsStack(app, `${prefix}-Events`, { env, stage, tables: data.tables });
  const api = new ApiStack(app, `${prefix}-Api`, { env, stage, tables: data.tables, eventBus: events.bus, buckets: events.buckets });
  Tags.of(app).add('stage', stage.name);
  Tags.of(app).add('project', 'mentoring-platform');
  return { app, stage, stacks: { data, events, api } };
};
