import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { businessMetrics } from '@mentoring/shared';
import { emitAlarmedMetric, emitMetric } from './metrics';
import { metrics } from './powertools';

const src = fileURLToPath(new URL('..', import.meta.url));
const sources = (readdirSync(src, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => ({ module: relative(src, join(src, file)).replace(/\.ts$/, ''), text: readFileSync(join(src, file), 'utf8') }));

describe('business metrics', () => {
  afterEach(() => vi.restoreAllMocks());

  it('are published only through emitMetric, so every name is one of the shared table', () => {
    const direct = sources.filter(({ module, text }) => module !== 'lib/metrics' && /\.addMetric\(/.test(text)).map(({ module }) => module);
    expect(direct).toEqual([]);
  });

  it('are each emitted by the module the table names, and by no other', () => {
    const emitted = sources.flatMap(({ module, text }) => [...text.matchAll(/emit(?:Alarmed)?Metric\(\s*'(\w+)'/g)].map(([, name]) => ({ name, module })));
    for (const [name, { emittedIn }] of Object.entries(businessMetrics)) {
      expect(emitted.filter((emission) => emission.name === name).map(({ module }) => module), name).toEqual(
        expect.arrayContaining([emittedIn]),
      );
    }
    for (const { name, module } of emitted) expect(businessMetrics[name as keyof typeof businessMetrics].emittedIn, name).toBe(module);
  });

  it('with dimensions are the only metric their module emits, so their dimensions land on no other', () => {
    for (const { module, text } of sources) {
      const names = new Set([...text.matchAll(/emitMetric\(\s*'(\w+)'/g)].map(([, name]) => name as keyof typeof businessMetrics));
      const dimensioned = [...names].filter((name) => 'dimensions' in businessMetrics[name]);
      if (dimensioned.length) expect([...names], module).toEqual(dimensioned.slice(0, 1));
    }
  });

  it('go out with the table unit and dimensions', () => {
    const added = vi.spyOn(metrics, 'addMetric');
    const dimensions = vi.spyOn(metrics, 'addDimensions');
    emitMetric('ArtifactBytes', 2048);
    expect(added).toHaveBeenCalledWith('ArtifactBytes', 'Bytes', 2048);
    expect(dimensions).not.toHaveBeenCalled();
    emitMetric('TokensMinted', 1, { kind: 'guest' });
    expect(dimensions).toHaveBeenCalledWith({ kind: 'guest' });
    expect(added).toHaveBeenLastCalledWith('TokensMinted', 'Count', 1);
    metrics.publishStoredMetrics();
  });

  it('that are alarmed go out twice: under the fixed service the alarm reads, and again by the function that emitted them', () => {
    vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
    vi.stubEnv('POWERTOOLS_SERVICE_NAME', 'http-feedback-create');
    vi.stubEnv('POWERTOOLS_METRICS_NAMESPACE', 'Mentoring');
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    emitAlarmedMetric('NotificationFailed');
    const records = written.map((line) => JSON.parse(line) as { _aws: { CloudWatchMetrics: { Dimensions: string[][] }[] }; service: string; function?: string; NotificationFailed: number });
    expect(records.map((record) => ({ dimensions: record._aws.CloudWatchMetrics[0]!.Dimensions, service: record.service, function: record.function, value: record.NotificationFailed }))).toEqual([
      { dimensions: [['service']], service: 'lib-notify', function: undefined, value: 1 },
      { dimensions: [['service', 'function']], service: 'lib-notify', function: 'http-feedback-create', value: 1 },
    ]);
  });

  it('that are alarmed are published only through emitAlarmedMetric, so the alarm sees every function that emits them', () => {
    const alarmed = Object.entries(businessMetrics).filter(([, definition]) => 'alarm' in definition).map(([name]) => name);
    expect(alarmed).toContain('NotificationFailed');
    const plain = sources.flatMap(({ module, text }) => [...text.matchAll(/emitMetric\(\s*'(\w+)'/g)].filter(([, name]) => alarmed.includes(name!)).map(([, name]) => `${module}: ${name}`));
    expect(plain).toEqual([]);
  });
});
