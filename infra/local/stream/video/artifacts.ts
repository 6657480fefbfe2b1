import { readFileSync } from 'node:fs';
import type { StoredArtifact } from './call-store';

/**
 * What a recording or transcript download serves. The stand-in does not record the call's media: every recording
 * is the same short clip (a few seconds of Chromium's fake camera, recorded once with MediaRecorder), which is
 * enough for the archive, the session record and the session page to work end to end.
 */
let clip: Buffer | undefined;
export const recordingClip = () => (clip ??= readFileSync(new URL('./assets/recording.webm', import.meta.url)));

/** A transcript in Stream's JSONL shape: one line per utterance, in the order they were said. */
export const transcriptLines = (artifact: StoredArtifact) => (artifact.lines ?? []).map((line) => `${JSON.stringify(line)}\n`).join('');
