// `npm run bench`: runs each benchmark against a fresh local stage, prints the figures and writes them to
// test/bench/results/<name>.json (and all of them to latest.json). `npm run bench -- feedback` runs one.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { ensureBrowserOrExit } from '../../scripts/browser';
import { ensureMediaTools } from '../../scripts/media-tools';
import { spawnLocalStage, repoRoot, type SpawnedStage } from '../support/local-stage';
import { acceptsBench } from './benches/accepts';
import { dashboardBench } from './benches/dashboard';
import { directoryBench } from './benches/directory';
import { eventsBench } from './benches/events';
import { feedbackBench } from './benches/feedback';
import { identityBench } from './benches/identity';
import { publicPagesBench } from './benches/public-pages';
import { sessionPageBench } from './benches/session-page';
import { chatTokenBench } from './benches/chat-token';
import { videoBundleBench } from './benches/video-bundle';
import { slotsBench } from './benches/slots';
import { standInChatBench } from './benches/stand-in-chat';
import { standInBench } from './benches/stand-in';
import { sfuBench } from './benches/sfu';
import { mediaBench } from './benches/media';

interface BenchBase {
  name: string;
  /** Whether it runs Chromium (which it then finds in CHROME_PATH). */
  browser?: boolean;
  /** Runs before the stage starts (e.g. building the SPA it serves). */
  prepare?: () => Promise<void>;
}

export type Bench = BenchBase &
  (
    | {
        stageless?: false;
        /** Whether the stage must serve the built SPA (`static`). */
        web?: 'static' | 'none';
        /** Extra environment for the stage (e.g. test Stream credentials). */
        env?: Record<string, string>;
        run: (context: { stage: SpawnedStage }) => Promise<Record<string, unknown>>;
      }
    | {
        /** It starts what it measures itself (a part of the stand-in alone), so no stage is spawned for it. */
        stageless: true;
        run: () => Promise<Record<string, unknown>>;
      }
  );

/** A bench's figures, on a fresh local stage unless it needs none. */
const figuresOf = async (bench: Bench) => {
  if (bench.stageless) return bench.run();
  const stage = await spawnLocalStage({ web: bench.web ?? 'none', env: { POWERTOOLS_LOG_LEVEL: 'ERROR', ...bench.env } });
  try {
    return await bench.run({ stage });
  } finally {
    await stage.stop();
  }
};

const benches: Bench[] = [feedbackBench, identityBench, eventsBench, directoryBench, dashboardBench, acceptsBench, publicPagesBench, chatTokenBench, videoBundleBench, slotsBench, sessionPageBench, standInChatBench, standInBench, sfuBench, mediaBench];

const only = process.argv.slice(2);
const selected = only.length ? benches.filter((bench) => only.includes(bench.name)) : benches;
// Before any bench runs, as in `npm test`: found, installed, or one line saying what to install.
if (selected.some((bench) => bench.browser)) ensureBrowserOrExit();
ensureMediaTools();
const resultsDir = join(repoRoot, 'test/bench/results');
mkdirSync(resultsDir, { recursive: true });

/**
 * Several benches run one to a process: each imports the functions' modules, whose AWS clients are made once on
 * import with the stage of the moment, so a second bench in the same process would talk to the first one's stopped
 * DynamoDB Local (ECONNREFUSED). A bench that breaks is reported and the others still run.
 */
if (selected.length > 1) {
  const all: Record<string, unknown> = {};
  const broken: string[] = [];
  for (const bench of selected) {
    const file = join(resultsDir, `${bench.name}.json`);
    rmSync(file, { force: true });
    const result = spawnSync(join(repoRoot, 'node_modules/.bin/tsx'), [fileURLToPath(import.meta.url), bench.name], { stdio: 'inherit' });
    if (result.status === 0 && existsSync(file)) all[bench.name] = JSON.parse(readFileSync(file, 'utf8'));
    else broken.push(bench.name);
  }
  writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(all, null, 2)}\n`);
  console.log(`\nResults written to ${resultsDir}`);
  if (broken.length) console.error(`Broken: ${broken.join(', ')}`);
  process.exit(broken.length ? 1 : 0);
}

const machine = { node: process.version, platform: `${process.platform}-${process.arch}`, cpus: (await import('node:os')).cpus().length };
const all: Record<string, unknown> = {};
for (const bench of selected) {
  console.log(`\n▶ ${bench.name}`);
  await bench.prepare?.();
  const figures = await figuresOf(bench);
  const result = { bench: bench.name, at: new Date().toISOString(), machine, ...figures };
  writeFileSync(join(resultsDir, `${bench.name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  all[bench.name] = result;
  console.log(JSON.stringify(figures, null, 2));
}
// One bench: latest.json keeps the others' last figures beside its new ones.
const latest = join(resultsDir, 'latest.json');
const kept = existsSync(latest) ? (JSON.parse(readFileSync(latest, 'utf8')) as Record<string, unknown>) : {};
writeFileSync(latest, `${JSON.stringify({ ...kept, ...all }, null, 2)}\n`);
console.log(`\nResults written to ${resultsDir}`);
// Done once its figures are written: a handle the measured part left open (the sfu bench's stand-in kept this process
// alive after its results, and `npm run bench` waited on it) must not hold the whole run.
process.exit(0);
