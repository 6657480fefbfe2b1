import { execFile, execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The machine's media tools: ffmpeg decodes (and records, composes), pocketsphinx with its US English model
 * recognises speech. `npm start` and `npm test` install them from Debian where they can (scripts/media-tools.ts);
 * a machine without them still gets a caption per utterance, "[speech]".
 */
export interface MediaTools {
  ffmpeg?: string;
  pocketsphinx?: string;
}

const MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

const runs = (command: string, args: string[]) => {
  try {
    return spawnSync(command, args, { stdio: 'ignore', timeout: 10_000 }).status === 0;
  } catch {
    return false;
  }
};

let found: MediaTools | undefined;
export const mediaTools = (): MediaTools => {
  if (found) return found;
  const ffmpeg = process.env.FFMPEG_PATH || 'ffmpeg';
  const pocketsphinx = process.env.POCKETSPHINX_PATH || 'pocketsphinx_continuous';
  found = {
    ffmpeg: runs(ffmpeg, ['-version']) ? ffmpeg : undefined,
    // pocketsphinx_continuous answers its usage with a non-zero status: being found and having the model is enough.
    pocketsphinx: existsSync(join(MODEL_DIR, 'en-us')) && spawnSync('sh', ['-c', `command -v ${pocketsphinx}`], { stdio: 'ignore' }).status === 0 ? pocketsphinx : undefined,
  };
  return found;
};

/** What the banner says about captions and transcripts on this machine, or undefined when they are real. */
export const speechToolsProblem = (tools = mediaTools()) => {
  const missing = [!tools.ffmpeg && 'ffmpeg', !tools.pocketsphinx && 'pocketsphinx (pocketsphinx-en-us)'].filter(Boolean);
  return missing.length ? `no ${missing.join(' or ')} here: captions and transcripts say "[speech]" for each utterance` : undefined;
};

export const UNRECOGNISED = '[speech]';

const decode = (ffmpeg: string, ogg: Buffer, wav: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn(ffmpeg, ['-loglevel', 'error', '-y', '-f', 'ogg', '-i', 'pipe:0', '-ar', '16000', '-ac', '1', wav], { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg could not decode an utterance: ${stderr.trim()}`))));
    child.stdin.on('error', () => undefined);
    child.stdin.end(ogg);
  });

const recogniseWav = (pocketsphinx: string, wav: string) =>
  new Promise<string>((resolve, reject) => {
    // -remove_noise no: the noise filter takes the first words of a short utterance for noise.
    execFile(pocketsphinx, ['-infile', wav, '-logfn', '/dev/null', '-remove_noise', 'no', '-remove_silence', 'no'], { timeout: 60_000 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout.split('\n').map((line) => line.trim()).filter(Boolean).join(' '));
    });
  });

/** The words of one utterance (Ogg Opus), "[speech]" where this machine cannot tell. */
export const recognise = async (ogg: Buffer, tools = mediaTools()): Promise<string> => {
  if (!tools.ffmpeg || !tools.pocketsphinx) return UNRECOGNISED;
  const dir = await mkdtemp(join(tmpdir(), 'local-sfu-speech-'));
  try {
    const wav = join(dir, 'utterance.wav');
    await decode(tools.ffmpeg, ogg, wav);
    return (await recogniseWav(tools.pocketsphinx, wav)) || UNRECOGNISED;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
};

/**
 * For tests and benches: a WAV of a sentence spoken by espeak-ng, with a second of silence before and 1.5 s after (a
 * fake microphone that loops it makes separate utterances), 48 kHz mono as Chromium's fake capture reads it.
 */
export const speakToWav = (sentence: string, wav: string, tools = mediaTools()) => {
  if (!tools.ffmpeg) throw new Error('ffmpeg is needed to make a spoken WAV');
  const dir = mkdtempSync(join(tmpdir(), 'local-sfu-speak-'));
  try {
    const raw = join(dir, 'raw.wav');
    execFileSync('espeak-ng', ['-v', 'en-us+f2', '-s', '150', '-w', raw, sentence]);
    execFileSync(tools.ffmpeg, ['-loglevel', 'error', '-y', '-i', raw, '-af', 'adelay=1000,apad=pad_dur=1.5', '-ar', '48000', '-ac', '1', wav]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return wav;
};
