import type { TestProject } from 'vitest/node';
import { deployedStage } from '../integration/global-setup';
import { spawnLocalStage } from '../support/local-stage';

declare module 'vitest' {
  export interface ProvidedContext {
    smokeBaseUrl: string;
  }
}

/**
 * The smoke suite's only input is the stage's URL: BASE_URL for a deployed stage, else a local stage serving the
 * built SPA as CloudFront serves it (the public pages are what it checks), so `npm run build` comes first.
 */
export default async function setup(project: TestProject) {
  const target = deployedStage();
  if (target) {
    project.provide('smokeBaseUrl', target.replace(/\/$/, ''));
    return;
  }
  const stage = await spawnLocalStage({ web: 'static' });
  project.provide('smokeBaseUrl', stage.url);
  return async () => {
    await stage.stop();
  };
}
