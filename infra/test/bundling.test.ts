import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { isIdempotentRoute, refusesSuspended, routeList, routeSlices, type RouteTable } from '@mentoring/shared';
import { synthAssembly } from './synth';

// The one test that bundles for real (esbuild, no Docker), every stack's functions: the other infra tests skip
// bundling, and `npm test`'s CLI synth bundles none (scripts/test.ts). Bundling some seventy functions takes about
// 100 s alone on 2 cores and more beside the other test files: a hang guard, not a timing.
vi.setConfig({ testTimeout: 300_000 });
const routes = routeList();
/** The stacks that hold our functions (the web stack's SPA asset needs a build, which `npm test` makes later). */
const FUNCTION_STACKS = ['Mentoring-dev-Api', 'Mentoring-dev-Events', 'Mentoring-dev-Schedules'];
let synthesised: ReturnType<typeof synthAssembly> | undefined;
/** One bundling synth for the file: it is the slow part. */
const bundledAssembly = () => (synthesised ??= synthAssembly('dev', { 'aws:cdk:bundling-stacks': FUNCTION_STACKS }));

/** The bundle of a route's function in the api stack. */
const apiBundleOf = (route: (typeof routes)[number]) => {
  const { assembly } = bundledAssembly();
  type LambdaResource = { Type: string; Properties: { Code: { S3Key: string }; Environment?: { Variables?: Record<string, string> } } };
  const fn = Object.values(assembly.getStackByName('Mentoring-dev-Api').template.Resources as Record<string, LambdaResource>).find(
    (resource) => resource.Type === 'AWS::Lambda::Function' && resource.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === route.handler.replaceAll('/', '-'),
  )!;
  return readFileSync(join(assembly.directory, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`, 'index.mjs'), 'utf8');
};

describe('function bundles', () => {
  it('are minified ESM with source maps, one per function of every stack', () => {
    const { assembly } = bundledAssembly();
    type LambdaResource = { Type: string; Properties: { Code: { S3Key?: string }; Environment?: { Variables?: Record<string, string> } } };
    const lambdasOf = (stackName: string) =>
      Object.values(assembly.getStackByName(stackName).template.Resources as Record<string, LambdaResource>).filter(
        // Ours (AppFunction names each for Powertools); CDK's own custom resources bring their own code.
        (resource) => resource.Type === 'AWS::Lambda::Function' && resource.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME,
      );
    expect(lambdasOf('Mentoring-dev-Api')).toHaveLength(routes.length + 1);
    const functions = FUNCTION_STACKS.flatMap(lambdasOf);
    expect(functions.length).toBeGreaterThan(routes.length + 1);
    for (const fn of functions) {
      const directory = join(assembly.directory, `asset.${fn.Properties.Code.S3Key!.replace(/\.zip$/, '')}`);
      const bundle = readFileSync(join(directory, 'index.mjs'), 'utf8');
      expect(existsSync(join(directory, 'index.mjs.map'))).toBe(true);
      expect(bundle.startsWith("import { createRequire } from 'node:module';")).toBe(true);
      expect(bundle).toMatch(/export\s*\{[^}]*as handler/);
      // Minified: long lines (newlines survive only inside template literals), not source-shaped code.
      const lines = bundle.split('\n');
      expect(bundle.length / lines.length).toBeGreaterThan(500);
      expect(bundle).toMatch(/sourceMappingURL=index\.mjs\.map/);
    }
  });

  it("installs native packages beside the bundle for Lambda's Linux ARM64, whatever machine synthesises", () => {
    const { assembly } = bundledAssembly();
    const api = assembly.getStackByName('Mentoring-dev-Api');
    const functions = Object.values(
      api.template.Resources as Record<string, { Type: string; Properties: { Code: { S3Key: string }; Environment?: { Variables?: Record<string, string> } } }>,
    ).filter((resource) => resource.Type === 'AWS::Lambda::Function');
    for (const route of routes.filter((candidate) => candidate.nodeModules?.length)) {
      const fn = functions.find((candidate) => candidate.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME === route.handler.replaceAll('/', '-'))!;
      const directory = join(assembly.directory, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
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

  it("bundles Powertools idempotency only for idempotent routes, the X-Ray SDK only where the route keeps the tracer, the suspension check only where it refuses", () => {
    expect(routes.some((route) => route.powertoolsTracer === false)).toBe(true);
    for (const route of routes) {
      const bundle = apiBundleOf(route);
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

  it("builds only its own slice of the route table (a handler reads its entry from the slice, not the whole table)", () => {
    const sliceOf = (key: string) => Object.values(routeSlices as Record<string, RouteTable>).find((slice) => key in slice)!;
    for (const route of routes) {
      const bundle = apiBundleOf(route);
      const own = sliceOf(route.key);
      // An entry, minified, names its handler module: the bundle holds its own slice's entries and no other's.
      for (const other of routes) expect(bundle.includes(`handler:"${other.handler}"`), `${route.key} bundles ${other.key}`).toBe(other.key in own);
    }
  });
});
