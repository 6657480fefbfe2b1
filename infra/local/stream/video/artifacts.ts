import { readFileSync } from 'node:fs';
import type { StoredArtifact } from './call-store';

/**
 * What a recording or transcript download serves when the SFU made no file of the call (sfu/recording/ composes one
 * where the machine has ffmpeg): a short clip of Chromium's fake camera, recorded once with MediaRecorder, so the
 * archive, the session record and the session page still work end to end there.
 */
let clip: Buffer | undefined;
export const recordingClip = () => (clip ??= readFileSync(new URL('./assets/recording.webm', import.meta.url)));

/** A transcript in Stream's JSONL shape: one line per utterance, in the order they were said. */
export const transcriptLines = (artifact: StoredArtifact) => (artifact.lines ?? []).map((line) => `${JSON.stringify(line)}\n`).join('');
