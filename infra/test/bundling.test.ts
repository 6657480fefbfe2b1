import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeList } from '@mentoring/shared';
import { synthAssembly } from './synth';

// The one test that bundles for real (esbuild, no Docker): the other infra tests skip bundling.
const routes = routeList();

describe('function bundles', () => {
  it('are minified ESM with source maps, one per function', () => {
    const { assembly } = synthAssembly('dev', { 'aws:cdk:bundling-stacks': ['Mentoring-dev-Api'] });
    const api = assembly.getStackByName('Mentoring-dev-Api');
    const functions = Object.values(api.template.Resources as Record<string, { Type: string; Properties: { Code: { S3Key: string } } }>).filter(
      (resource) => resource.Type === 'AWS::Lambda::Function',
    );
    expect(functions).toHaveLength(routes.length + 1);
    for (const fn of functions) {
      const directory = join(assembly.directory, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
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
});
