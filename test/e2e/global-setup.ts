import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { spawnLocalStage } from '../support/local-stage';

/** Where a run's results go, one folder per SPA served: `npm test` runs the two side by side, and each clears its own. */
export const e2eOutputDir = join(import.meta.dirname, '../../test-results', process.env.E2E_WEB === 'vite' ? 'e2e-dev-server' : 'e2e');
export const stageInfoFile = join(e2eOutputDir, 'e2e-stage.json');
/** What the stage printed (its functions' errors, the Stream stand-in's log): written when the run ends, for a failure's cause. */
export const stageLogFile = join(e2eOutputDir, 'e2e-stage.log');

/**
 * Starts a local stage serving the built SPA (run `npm run build` first; `npm test` does) unless
 * BASE_URL names a deployed stage. The stage's URL reaches the tests as E2E_BASE_URL (Playwright's
 * baseURL); its DynamoDB endpoint and table names through e2e-stage.json (see support.ts).
 */
export default async function globalSetup() {
  mkdirSync(dirname(stageInfoFile), { recursive: true });
  const target = process.env.BASE_URL;
  if (target && /^https?:\/\//.test(target)) {
    process.env.E2E_BASE_URL = target;
    writeFileSync(stageInfoFile, JSON.stringify({ url: target, dynamoDbEndpoint: null, tables: {} }));
    return;
  }
  // No Stream credentials: the stage runs its Stream stand-in (infra/local/stream), which the SPA's chat and video
  // clients and the functions use as they would use Stream.
  // The directory answers from a 30 s snapshot per container; tests see a decision at once without it.
  // E2E_WEB=vite: the SPA as `npm start` serves it (Vite's dev server), not the built one.
  const stage = await spawnLocalStage({
    web: process.env.E2E_WEB === 'vite' ? 'vite' : 'static',
    env: { STREAM_API_KEY: '', STREAM_API_SECRET: '', DIRECTORY_CACHE_SECONDS: '0', DASHBOARD_REFRESH_COOLDOWN_SECONDS: '0' },
  });
  process.env.E2E_BASE_URL = stage.url;
  writeFileSync(
    stageInfoFile,
    JSON.stringify({ url: stage.url, dynamoDbEndpoint: stage.dynamoDbEndpoint, tables: stage.tables, cognito: stage.cognito, s3Endpoint: stage.s3Endpoint, stream: stage.stream }),
  );
  return async () => {
    await stage.stop();
    writeFileSync(stageLogFile, stage.output());
  };
}
