import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { inject } from 'vitest';
import { buildApp } from '../lib/app';
import { repoRoot } from '../lib/paths';

export const cdkContext = () =>
  (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

/** A new folder for one app's cloud assembly, inside the one the stack tests remove when they end (global-setup.ts). */
export const testOutdir = () => mkdtempSync(join(inject('cdkTestOutRoot'), 'app-'));

/** Synthesises a stage without bundling (no esbuild runs), as unit tests should. */
export const synthStage = (stage: string, overrides: Record<string, unknown> = {}) =>
  buildApp(
    new App({
      outdir: testOutdir(),
      context: { ...cdkContext(), stage, 'aws:cdk:bundling-stacks': [], ...overrides },
    }),
  );

/** A stage's cloud assembly: every template, every stack's messages and the policy-validation report. */
export const synthAssembly = (stage: string, overrides: Record<string, unknown> = {}) => {
  const built = synthStage(stage, overrides);
  const assembly = built.app.synth();
  return { ...built, assembly };
};

export interface ValidationReport {
  pluginReports: { pluginName: string; conclusion: string; violations: { ruleName: string; severity?: string }[] }[];
}

export const validationReport = (directory: string) =>
  JSON.parse(readFileSync(join(directory, 'validation-report.json'), 'utf8')) as ValidationReport;

const shared = new Map<string, ReturnType<typeof synthStage>>();
/** One synthesised app per stage for a whole test file (synth is the slow part); only for default settings. */
export const sharedStage = (stage: string) => {
  if (!shared.has(stage)) shared.set(stage, synthStage(stage));
  return shared.get(stage)!;
};
