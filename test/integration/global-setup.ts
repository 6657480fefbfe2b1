import type { TestProject } from 'vitest/node';
import { spawnLocalStage } from '../support/local-stage';
import { streamTestCredentials } from '../support/stream-test-credentials';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    isLocal: boolean;
    dynamoDbEndpoint: string | null;
    tables: Record<string, string>;
  }
}

/**
 * Against BASE_URL when it is set (a deployed stage), otherwise against a local stage started here:
 * in-memory DynamoDB Local and its own ports, stopped afterwards.
 */
export default async function setup(project: TestProject) {
  // Vite sets BASE_URL to "/" for its own use; only an absolute URL names a deployed stage.
  const target = process.env.BASE_URL;
  if (target && /^https?:\/\//.test(target)) {
    project.provide('isLocal', false);
    project.provide('baseUrl', target.replace(/\/$/, ''));
    project.provide('dynamoDbEndpoint', null);
    project.provide('tables', JSON.parse(process.env.STAGE_TABLES ?? '{}') as Record<string, string>);
    return;
  }
  const stage = await spawnLocalStage({ env: { ...streamTestCredentials } });
  project.provide('isLocal', true);
  project.provide('baseUrl', stage.url);
  project.provide('dynamoDbEndpoint', stage.dynamoDbEndpoint);
  project.provide('tables', stage.tables);
  return async () => {
    await stage.stop();
  };
}
