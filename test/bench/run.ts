// `npm run bench`: runs each benchmark against a fresh local stage, prints the figures and writes them to
// test/bench/results/<name>.json (and all of them to latest.json). `npm run bench -- feedback` runs one.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnLocalStage, repoRoot, type SpawnedStage } from '../support/local-stage';
import { feedbackBench } from './benches/feedback';
import { videoBundleBench } from './benches/video-bundle';

export interface Bench {
  name: string;
  /** Whether the stage must serve the built SPA (`static`). */
  web?: 'static' | 'none';
  run: (context: { stage: SpawnedStage }) => Promise<Record<string, unknown>>;
}

const benches: Bench[] = [feedbackBench, videoBundleBench];

const only = process.argv.slice(2);
const selected = only.length ? benches.filter((bench) => only.includes(bench.name)) : benches;
const resultsDir = join(repoRoot, 'test/bench/results');
mkdirSync(resultsDir, { recursive: true });

const machine = { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: (await import('node:os')).cpus().length };
const all: Record<string, unknown> = {};
for (const bench of selected) {
  console.log(`\n▶ ${bench.name}`);
  const stage = await spawnLocalStage({ web: bench.web ?? 'none', env: { POWERTOOLS_LOG_LEVEL: 'ERROR' } });
  try {
    const figures = await bench.run({ stage });
    const result = { bench: bench.name, at: new Date().toISOString(), machine, ...figures };
    writeFileSync(join(resultsDir, `${bench.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
    all[bench.name] = result;
    console.log(JSON.stringify(figures, null, 2));
  } finally {
    await stage.stop();
  }
}
writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(all, null, 2)}\n`);
console.log(`\nResults written to ${resultsDir}`);
