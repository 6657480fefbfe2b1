import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startStreamRecorder } from '../../functions/testing/stream-recorder';
import { spawnLocalStage } from '../support/local-stage';
import { streamTestCredentials } from '../support/stream-test-credentials';

export const stageInfoFile = join(import.meta.dirname, '../../test-results/e2e-stage.json');

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
  // Made-up Stream credentials: Stream's hosts are scripted in the browser for the tests that need them, and
  // Stream's server API (the functions' calls, e.g. a guest's user upsert) is a local recorder.
  // The directory answers from a 30 s snapshot per container; tests see a decision at once without it.
  const recorder = await startStreamRecorder();
  const stage = await spawnLocalStage({
    web: 'static',
    env: { ...streamTestCredentials, STREAM_BASE_URL: recorder.url, DIRECTORY_CACHE_SECONDS: '0', DASHBOARD_CACHE_SECONDS: '0' },
  });
  process.env.E2E_BASE_URL = stage.url;
  writeFileSync(
    stageInfoFile,
    JSON.stringify({ url: stage.url, dynamoDbEndpoint: stage.dynamoDbEndpoint, tables: stage.tables, cognito: stage.cognito, s3Endpoint: stage.s3Endpoint }),
  );
  return async () => {
    await stage.stop();
    await recorder.close();
  };
}
