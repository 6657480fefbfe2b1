import { spawnSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { build, type Plugin } from 'esbuild';
import { bundleDefines, ORIGIN_VERIFY_ENV, ORIGIN_VERIFY_HEADER, route } from '@mentoring/shared';
import { createTestUser, decodeJwt } from '../../support/auth';
import { streamTestCredentials } from '../../support/stream-test-credentials';
import { repoRoot, type SpawnedStage } from '../../support/local-stage';
import type { Bench } from '../run';
import { loadFigures, percentile, round } from '../stats';

const CONNECTIONS = 10;
const SECONDS = 10;
const INIT_RUNS = 7;
const TARGETS = { initMs: 150, bundleKiB: 300 };

const handlerEntry = join(repoRoot, 'functions/src/http/chat/get-or-create-token.ts');
const outDir = join(repoRoot, 'node_modules/.cache/chat-token-bench');

/** The signers compared: ours (node:crypto), and the same handler with a library's signer swapped in. */
const signers = {
  'node-crypto': null,
  jose: join(repoRoot, 'test/bench/chat-token-signers/jose.ts'),
  'stream-node-sdk': join(repoRoot, 'test/bench/chat-token-signers/node-sdk.ts'),
} as const;

const swapSigner = (file: string | null): Plugin => ({
  name: 'swap-signer',
  setup(pluginBuild) {
    if (!file) return;
    pluginBuild.onResolve({ filter: /lib\/stream\/user-token$/ }, () => ({ path: file }));
  },
});

/** Bundled as the CDK AppFunction does: ESM, minified, node target, @aws-sdk/* left to the Lambda runtime, the route's nodeModules beside it. */
const bundle = async (name: string, signer: string | null) => {
  const outfile = join(outDir, `${name}.mjs`);
  await build({
    entryPoints: [handlerEntry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    minify: true,
    mainFields: ['module', 'main'],
    external: ['@aws-sdk/*', ...(route('GET /api/chat/getOrCreateToken').nodeModules ?? [])],
    define: bundleDefines(route('GET /api/chat/getOrCreateToken')),
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    plugins: [swapSigner(signer)],
    logLevel: 'error',
  });
  return outfile;
};

/**
 * One fresh Node process: how long the module takes to load, and the first request after it: a member's, whose
 * ID token is verified against the stage's cognito-local (its JWKS fetched once, as on a cold Lambda).
 */
const coldStartProbe = `
const { pathToFileURL } = await import('node:url');
const t0 = performance.now();
const { handler } = await import(pathToFileURL(process.argv[1]).href);
const t1 = performance.now();
const event = { version: '2.0', rawPath: '/api/chat/getOrCreateToken', rawQueryString: 'isGuest=false',
  headers: { authorization: 'Bearer ' + process.env.BENCH_ID_TOKEN, '${ORIGIN_VERIFY_HEADER}': process.env.${ORIGIN_VERIFY_ENV} },
  queryStringParameters: { isGuest: 'false' },
  requestContext: { http: { method: 'GET', path: '/api/chat/getOrCreateToken' }, requestId: 'bench' } };
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 10000 };
const response = await handler(event, context);
const t2 = performance.now();
console.log(JSON.stringify({ initMs: t1 - t0, firstRequestMs: t2 - t1, status: response.statusCode, body: response.body }));
`;

/** What the local stage gives the function: its Stream secret, the pool it verifies tokens of, the origin secret. */
const functionEnv = (stage: SpawnedStage, idToken: string) => {
  // cognito-local's own address (the stage's config names the rate-limiting front before it), as the token says.
  const issuer = String(decodeJwt(idToken).iss);
  return {
    ...process.env,
    ...streamTestCredentials,
    COGNITO_USER_POOL_ID: stage.cognito.userPoolId,
    COGNITO_CLIENT_ID: stage.cognito.userPoolClientId,
    COGNITO_ISSUER: issuer,
    COGNITO_JWKS_URI: `${issuer}/.well-known/jwks.json`,
    [ORIGIN_VERIFY_ENV]: 'bench-origin-secret',
    BENCH_ID_TOKEN: idToken,
    POWERTOOLS_LOG_LEVEL: 'ERROR',
    POWERTOOLS_METRICS_DISABLED: 'true',
  };
};

const coldStart = (file: string, env: NodeJS.ProcessEnv) => {
  const inits: number[] = [];
  const firsts: number[] = [];
  for (let run = 0; run < INIT_RUNS; run += 1) {
    const probe = spawnSync(process.execPath, ['--input-type=module', '-e', coldStartProbe, file], {
      cwd: repoRoot,
      env,
      encoding: 'utf8',
    });
    const line = probe.stdout.trim().split('\n').at(-1) ?? '';
    const result = JSON.parse(line || '{}') as { initMs: number; firstRequestMs: number; status: number; body: string };
    const token = result.status === 200 ? (JSON.parse(result.body) as { token?: unknown }).token : undefined;
    if (typeof token !== 'string') throw new Error(`${file} did not answer a token: ${probe.stdout}${probe.stderr}`);
    inits.push(result.initMs);
    firsts.push(result.firstRequestMs);
  }
  inits.sort((a, b) => a - b);
  firsts.sort((a, b) => a - b);
  return { initMsMedian: round(percentile(inits, 50)), initMsMax: round(inits.at(-1)!), firstRequestMsMedian: round(percentile(firsts, 50)) };
};

/**
 * GET /api/chat/getOrCreateToken for a signed-in member (the common case; a guest's token needs an invitation and
 * a call to Stream) through the local stage, and the handler's cold start with each way of signing the token:
 * bundle size and module init time in a fresh Node process.
 */
export const chatTokenBench: Bench = {
  name: 'chat-token',
  env: { ...streamTestCredentials },
  run: async ({ stage }) => {
    const member = await createTestUser(stage, { name: 'Bench Member' });
    const result = await autocannon({
      url: `${stage.url}/api/chat/getOrCreateToken?isGuest=false`,
      headers: { authorization: `Bearer ${member.idToken}` },
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    const api = loadFigures(result);

    mkdirSync(outDir, { recursive: true });
    writeFileSync(join(outDir, 'package.json'), '{"type":"module"}\n');
    const handlerColdStart: Record<string, unknown> = {};
    for (const [name, signer] of Object.entries(signers)) {
      const file = await bundle(name, signer);
      const bundleKiB = round(statSync(file).size / 1024, 1);
      const figures = coldStart(file, functionEnv(stage, member.idToken));
      handlerColdStart[name] = {
        bundleKiB,
        ...figures,
        withinTargets: bundleKiB <= TARGETS.bundleKiB && figures.initMsMedian <= TARGETS.initMs,
      };
    }

    return { connections: CONNECTIONS, seconds: SECONDS, api, targets: TARGETS, handlerColdStart, chosen: 'node-crypto' };
  },
};
