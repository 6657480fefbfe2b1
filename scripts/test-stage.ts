// `npm run test:stage`: the full integration suite (the `integration` project) against one stage, reached only as a
// deployed stage is.
//   BASE_URL=https://… STAGE_TABLES=… (all that infra/bin/stage-env.ts prints) npm run test:stage   a deployed dev or staging
//   npm run test:stage -- --as-deployed [file filters]                                                      the local stage, as if deployed
// The files about the local stage itself (the `integration-local` and `integration-own-stages` projects: its
// stand-ins' own endpoints, restarts, killed stand-ins, clocks a test moves) are not here.
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const asDeployed = args.includes('--as-deployed');
const rest = args.filter((arg) => arg !== '--as-deployed');
if (!asDeployed && !/^https?:\/\//.test(process.env.BASE_URL ?? '')) {
  console.error('Usage: BASE_URL=https://<stage> npm run test:stage, or npm run test:stage -- --as-deployed (the local stage, as if deployed)');
  process.exit(2);
}
if (asDeployed && process.env.BASE_URL) {
  console.error('--as-deployed starts a local stage of its own: unset BASE_URL.');
  process.exit(2);
}
const { status } = spawnSync('npx', ['vitest', 'run', '--config', 'test/integration/vitest.config.ts', '--project', 'integration', ...rest], {
  stdio: 'inherit',
  env: { ...process.env, ...(asDeployed ? { STAGE_AS_DEPLOYED: '1' } : {}) },
});
process.exit(status ?? 1);
