import { afterAll, beforeAll, vi } from 'vitest';

/*
 * For test files that share a worker and its node_modules (`isolate: false`, which saves each file importing the
 * AWS SDK and the rest again): each file still starts as a new container would, with our own modules evaluated
 * afresh, so their per-container caches (clients, the token verifier, snapshots) hold nothing another file set up,
 * and with the environment another file changed put back.
 */
let environment: NodeJS.ProcessEnv = {};

beforeAll(() => {
  environment = { ...process.env };
});

afterAll(() => {
  vi.resetModules();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  for (const name of Object.keys(process.env)) if (!(name in environment)) delete process.env[name];
  Object.assign(process.env, environment);
});
