import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, AssetStaging, Stack } from 'aws-cdk-lib';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { bundleDefines, isIdempotentRoute, refusesSuspended, routeList, routeSlices, type RouteTable } from '@mentoring/shared';
import { AppFunction } from '../lib/constructs/app-function';
import { resolveStage } from '../lib/stages';
import { bundleLikeCdk } from './bundle-like-cdk';
import { cdkContext, sharedStage } from './synth';

// The one test that bundles for real (esbuild, no Docker): the other infra tests skip bundling, and `npm test`'s CLI
// synth bundles none (scripts/test.ts). Every function of the app is bundled here from the very options AppFunction
// gives NodejsFunction, in a few esbuild runs rather than CDK's one esbuild process per function (some seventy, which
// made this file the slowest of the unit run); a small app that CDK itself bundles proves those runs build what CDK
// builds, byte for byte. The sample's npm installs (sharp, the Stream SDK) take a while on a loaded machine: a hang
// guard, not a timing.
vi.setConfig({ testTimeout: 300_000 });
const routes = routeList();
/** Both sets of bundles (some 150 MB with their source maps) go here, and leave with the file. */
const scratch = mkdtempSync(join(tmpdir(), 'bundling-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const API_STACK = 'Mentoring-dev-Api';
/** The top-level stack a function is deployed with: the API's route functions are in its nested stacks. */
const deployedStack = (fn: AppFunction) => {
  let stack = Stack.of(fn);
  while (stack.nestedStackParent) stack = stack.nestedStackParent;
  return stack;
};

/** Every AppFunction of the dev stage, from the shared synth without bundling (its construct tree is all this reads). */
const appFunctions = sharedStage('dev')
  .app.node.findAll()
  .filter((construct): construct is AppFunction => construct instanceof AppFunction);
const apiFunctionOf = (route: (typeof routes)[number]) =>
  appFunctions.find((fn) => deployedStack(fn).stackName === API_STACK && fn.handlerModule === route.handler)!;

let bundles: Promise<Map<AppFunction, string>> | undefined;
/** Each function's bundle file, all built once for the file. */
const bundled = () => (bundles ??= bundleLikeCdk(appFunctions, join(scratch, 'esbuild')));
const apiBundleOf = async (route: (typeof routes)[number]) => readFileSync((await bundled()).get(apiFunctionOf(route))!, 'utf8');

/**
 * The functions CDK bundles itself: the routes that install native packages (their installs can only be checked on
 * CDK's output, the esbuild runs above install nothing) and an ordinary route whose defines differ from theirs.
 */
const sampleRoutes = [...routes.filter((route) => route.nodeModules?.length), routes.find((route) => !route.nodeModules?.length && isIdempotentRoute(route.key) && refusesSuspended(route))!];
let sample: { route: (typeof routes)[number]; real: AppFunction; cdk: AppFunction; directory: string }[] | undefined;
/** The sample routes' functions, made as the api stack makes them, in an app of their own that CDK bundles. */
const cdkBundledSample = () =>
  (sample ??= (() => {
    const context = cdkContext();
    const stage = resolveStage('dev', context.stages, context.version as string | undefined);
    // The project's context (feature flags decide CDK's externals), and bundling on for the sample's stack.
    const app = new App({ outdir: join(scratch, 'cdk.out'), context: { ...context, stage: 'dev', 'aws:cdk:bundling-stacks': ['BundlingSample'] } });
    const stack = new Stack(app, 'BundlingSample');
    return sampleRoutes.map((route, index) => {
      // NodejsFunction bundles in its constructor (its asset's staging), so this is where esbuild and npm run.
      const cdk = new AppFunction(stack, `Sample${index}`, { stage, handler: route.handler, nodeModules: route.nodeModules, define: bundleDefines(route) });
      const staging = cdk.node.findAll().find((construct): construct is AssetStaging => construct instanceof AssetStaging)!;
      return { route, real: apiFunctionOf(route), cdk, directory: staging.absoluteStagedPath };
    });
  })());

describe('function bundles', () => {
  it('are minified ESM with source maps, one per function of every stack', async () => {
    expect(appFunctions.filter((fn) => deployedStack(fn).stackName === API_STACK)).toHaveLength(routes.length + 1);
    // The events and schedules stacks' functions too.
    expect(appFunctions.length).toBeGreaterThan(routes.length + 1);
    const files = await bundled();
    for (const fn of appFunctions) {
      const file = files.get(fn)!;
      const bundle = readFileSync(file, 'utf8');
      expect(existsSync(`${file}.map`), fn.node.path).toBe(true);
      expect(bundle.startsWith("import { createRequire } from 'node:module';"), fn.node.path).toBe(true);
      expect(bundle, fn.node.path).toMatch(/export\s*\{[^}]*as handler/);
      // Minified: long lines (newlines survive only inside template literals), not source-shaped code.
      const lines = bundle.split('\n');
      expect(bundle.length / lines.length, fn.node.path).toBeGreaterThan(500);
      expect(bundle, fn.node.path).toMatch(/sourceMappingURL=index\.mjs\.map/);
    }
  });

  it('are what CDK itself bundles from the same options, byte for byte (a sample CDK bundles)', async () => {
    const files = await bundled();
    expect(sampleRoutes.some((route) => route.nodeModules?.includes('sharp'))).toBe(true);
    for (const { route, real, cdk, directory } of cdkBundledSample()) {
      // The sample stands for the deployed function: same entry, same bundling options.
      expect(cdk.entry, route.key).toBe(real.entry);
      expect(cdk.bundling, route.key).toEqual(real.bundling);
      // Whole-file equality (no normalising needed: both name the map index.mjs.map, and minified code carries no paths).
      expect(readFileSync(join(directory, 'index.mjs'), 'utf8') === readFileSync(files.get(real)!, 'utf8'), `${route.key}: CDK's bundle differs from ${files.get(real)}`).toBe(true);
      expect(existsSync(join(directory, 'index.mjs.map')), route.key).toBe(true);
    }
  });

  it("installs native packages beside the bundle for Lambda's Linux ARM64, whatever machine synthesises", () => {
    for (const { route, directory } of cdkBundledSample().filter(({ route }) => route.nodeModules?.length)) {
      for (const name of route.nodeModules!) {
        expect(existsSync(join(directory, 'node_modules', name, 'package.json'))).toBe(true);
        // Imported from there, statically or (a library only a rare path needs) lazily, never bundled.
        expect(readFileSync(join(directory, 'index.mjs'), 'utf8')).toMatch(new RegExp(`(from|import\\()\\s*"${name}"`));
      }
      if (route.nodeModules!.includes('sharp')) {
        const binary = join(directory, 'node_modules/@img/sharp-linux-arm64/lib');
        expect(readdirSync(binary).some((file) => file.endsWith('.node'))).toBe(true);
        // ELF, machine type 183 (AArch64): Lambda's architecture, not this machine's.
        const header = readFileSync(join(binary, readdirSync(binary).find((file) => file.endsWith('.node'))!));
        expect(header.subarray(0, 4).toString('latin1')).toBe('\x7fELF');
        expect(header.readUInt16LE(18)).toBe(183);
        expect(existsSync(join(directory, 'node_modules/@img/sharp-linux-x64'))).toBe(false);
      }
    }
  });

  it("bundles Powertools idempotency only for idempotent routes, the X-Ray SDK only where the route keeps the tracer, the suspension check only where it refuses", async () => {
    expect(routes.some((route) => route.powertoolsTracer === false)).toBe(true);
    for (const route of routes) {
      const bundle = await apiBundleOf(route);
      // Names only the libraries themselves carry: an error class of the idempotency store, the X-Ray daemon's variable.
      expect(bundle.includes('IdempotencyItemAlreadyExistsError'), route.key).toBe(isIdempotentRoute(route.key));
      expect(bundle.includes('AWS_XRAY_DAEMON_ADDRESS'), route.key).toBe(route.powertoolsTracer !== false);
      // The suspension check's read (functions/src/lib/http/suspension.ts) only where the route refuses suspended members.
      expect(bundle.includes('ProjectionExpression:"suspended"'), route.key).toBe(refusesSuspended(route));
      // A route that neither reads a table nor checks suspensions does not load the DynamoDB client at all.
      if (!route.needs.tables && !refusesSuspended(route)) expect(bundle, route.key).not.toMatch(/from\s*"@aws-sdk\/(client|lib)-dynamodb"/);
    }
    expect(routes.some((route) => !route.needs.tables && !refusesSuspended(route))).toBe(true);
  });

  it("builds only its own slice of the route table (a handler reads its entry from the slice, not the whole table)", async () => {
    const sliceOf = (key: string) => Object.values(routeSlices as Record<string, RouteTable>).find((slice) => key in slice)!;
    for (const route of routes) {
      const bundle = await apiBundleOf(route);
      const own = sliceOf(route.key);
      // An entry, minified, names its handler module: the bundle holds its own slice's entries and no other's.
      for (const other of routes) expect(bundle.includes(`handler:"${other.handler}"`), `${route.key} bundles ${other.key}`).toBe(other.key in own);
    }
  });
});
