import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../lib/app';
import { repoRoot } from '../lib/paths';

export const cdkContext = () =>
  (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

/** Synthesises a stage without bundling (no esbuild runs), as unit tests should. */
export const synthStage = (stage: string, overrides: Record<string, unknown> = {}) =>
  buildApp(
    new App({
      outdir: mkdtempSync(join(tmpdir(), 'cdk-test-')),
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
