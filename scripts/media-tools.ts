// The media tools the local Stream stand-in records and recognises speech with (ffmpeg, pocketsphinx and its US
// English model) and the voice the tests speak with (espeak-ng): installed from Debian before the stage or the tests
// start, as the browser is (scripts/browser.ts). Without them the stage still runs: the stand-in says so in its banner
// and captions say "[speech]".
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { aptGet, machineProbes } from './browser';

const TOOLS: { command: string; packages: string[]; also?: string }[] = [
  { command: 'ffmpeg', packages: ['ffmpeg'] },
  { command: 'pocketsphinx_continuous', packages: ['pocketsphinx', 'pocketsphinx-en-us'], also: '/usr/share/pocketsphinx/model/en-us/en-us' },
  { command: 'espeak-ng', packages: ['espeak-ng'] },
];

const present = (tool: (typeof TOOLS)[number]) =>
  spawnSync('sh', ['-c', `command -v ${tool.command}`], { stdio: 'ignore' }).status === 0 && (!tool.also || existsSync(tool.also));

/** Installs what is missing where apt-get may be used; says in one line what is still missing. Never stops the run. */
export const ensureMediaTools = (env: NodeJS.ProcessEnv = process.env) => {
  const missing = TOOLS.filter((tool) => !present(tool));
  if (missing.length === 0) return;
  const packages = missing.flatMap((tool) => tool.packages);
  const probes = machineProbes(env);
  const root = probes.hasApt() && probes.isRoot();
  if (probes.hasApt() && (root || probes.sudoWithoutPassword())) {
    console.log(`Installing Debian's ${packages.join(' ')} (recordings, captions and transcripts of calls on the local stage)…`);
    const apt = aptGet(env, !root);
    if (apt(['update', '-qq'], 5 * 60_000)) apt(['install', '-y', '-qq', ...packages], 10 * 60_000);
  }
  const still = TOOLS.filter((tool) => !present(tool)).flatMap((tool) => tool.packages);
  if (still.length) console.log(`Not installed: ${still.join(' ')} (install them for real captions, transcripts and recordings of local calls).`);
};
