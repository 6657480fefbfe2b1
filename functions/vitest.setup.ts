import { afterAll, beforeAll, vi } from 'vitest';

/*
 * The functions' test files share a worker and its node_modules (vitest.config.ts), but each starts as a container
 * would: our own modules evaluated afresh, so their per-container caches (clients, the token verifier, snapshots)
 * hold nothing another file set up, and the environment another file changed is put back.
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
