import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the stack tests' cloud assemblies go (synth.ts): ~25 MB each, removed once the tests end. */
    cdkTestOutRoot: string;
  }
}

export default function setup(project: TestProject) {
  const outRoot = mkdtempSync(join(tmpdir(), 'cdk-test-'));
  project.provide('cdkTestOutRoot', outRoot);
  return () => rmSync(outRoot, { recursive: true, force: true });
}
