import { join, resolve } from 'node:path';
import { FeatureFlags } from 'aws-cdk-lib';
import { OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LAMBDA_NODEJS_SDK_V3_EXCLUDE_SMITHY_PACKAGES } from 'aws-cdk-lib/cx-api';
import { build, type BuildOptions } from 'esbuild';
import type { AppFunction } from '../lib/constructs/app-function';
import { repoRoot } from '../lib/paths';

/**
 * The bundling options whose esbuild flags this file reproduces. `environment` reaches only the processes CDK
 * spawns (npm reads it; esbuild reads no npm_config_*), `nodeModules` also names what npm installs beside the bundle:
 * that install is what bundling.test.ts's CDK sample proves. Any other option throws, rather than be silently left out.
 */
const TRANSLATED = new Set(['format', 'minify', 'sourceMap', 'target', 'mainFields', 'define', 'banner', 'nodeModules', 'externalModules', 'bundleAwsSDK', 'environment']);

/**
 * The esbuild options CDK's local bundling (aws-cdk-lib/aws-lambda-nodejs/lib/bundling.js, `buildEsbuildArgs`) passes
 * on its command line for this function, as JS API options: same target, format, minify, source map, externals
 * (the runtime's AWS SDK, by the same feature flag, plus `nodeModules`), defines, banner and main fields, and the same
 * working directory (CDK runs esbuild in the project root). The output file is left to the caller.
 */
export const cdkEsbuildOptions = (fn: AppFunction): BuildOptions => {
  const bundling = fn.bundling;
  const untranslated = Object.keys(bundling).filter((option) => !TRANSLATED.has(option));
  if (untranslated.length) throw new Error(`${fn.node.path}: teach infra/test/bundle-like-cdk.ts how CDK passes ${untranslated.join(', ')} to esbuild.`);
  const version = /^nodejs(\d+)/.exec(fn.runtime.name)?.[1];
  // Runtimes before Node 18 carry the AWS SDK v2, which CDK externalises instead; AppFunction uses none of them.
  if (!version || Number(version) < 18) throw new Error(`${fn.node.path}: runtime ${fn.runtime.name} is not translated.`);
  const sdkExternals = FeatureFlags.of(fn).isEnabled(LAMBDA_NODEJS_SDK_V3_EXCLUDE_SMITHY_PACKAGES) ? ['@aws-sdk/*', '@smithy/*'] : ['@aws-sdk/*'];
  const externals = bundling.externalModules ?? (fn.runtime.isVariable || bundling.bundleAwsSDK ? [] : sdkExternals);
  return {
    absWorkingDir: resolve(repoRoot),
    bundle: true,
    target: bundling.target ?? `node${version}`,
    platform: 'node',
    format: bundling.format,
    minify: bundling.minify,
    sourcemap: bundling.sourceMap,
    external: [...externals, ...(bundling.nodeModules ?? [])],
    define: bundling.define,
    banner: bundling.banner ? { js: bundling.banner } : undefined,
    mainFields: bundling.mainFields,
    logLevel: 'warning',
  };
};

/** CDK names the bundle index.mjs for ESM, index.js otherwise. */
const bundleFile = (fn: AppFunction) => (fn.bundling.format === OutputFormat.ESM ? 'index.mjs' : 'index.js');

/**
 * Bundles every given function as CDK would, in as few esbuild runs as their options allow (one per distinct set:
 * a define is global to a build, and routes differ in theirs), instead of CDK's one esbuild process per function
 * that re-reads the shared libraries each time. Each function's bundle lands in `<outdir>/<construct path>/`, named as
 * CDK names it, so that its sourceMappingURL comment is CDK's too. Returns each function's bundle file.
 */
export const bundleLikeCdk = async (functions: readonly AppFunction[], outdir: string) => {
  const groups = new Map<string, { options: BuildOptions; members: AppFunction[] }>();
  for (const fn of functions) {
    const options = cdkEsbuildOptions(fn);
    const key = JSON.stringify(options);
    const group = groups.get(key) ?? { options, members: [] };
    group.members.push(fn);
    groups.set(key, group);
  }
  await Promise.all(
    [...groups.values()].map(({ options, members }) =>
      build({
        ...options,
        entryPoints: Object.fromEntries(members.map((fn) => [`${fn.node.path}/index`, fn.entry])),
        outdir,
        outExtension: { '.js': bundleFile(members[0]!).slice('index'.length) },
        // One output per entry, each self-contained, as separate CDK runs make them.
        splitting: false,
        write: true,
      }),
    ),
  );
  return new Map(functions.map((fn) => [fn, join(outdir, fn.node.path, bundleFile(fn))]));
};
