import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { buildApp } from '../lib/app';
import { repoRoot } from '../lib/paths';

export const cdkContext = () =>
  (JSON.parse(readFileSync(join(repoRoot, 'cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

/** Synthesises a stage without bundling (no esbuild runs), as unit tests should. */
export const synthStage = (stage: string, overrides: Record<string, unknown> = {}) =>
  buildApp(new App({ context: { ...cdkContext(), stage, 'aws:cdk:bundling-stacks': [], ...overrides } }));
