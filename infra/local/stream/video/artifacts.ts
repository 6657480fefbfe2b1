import { readFileSync } from 'node:fs';
import type { StoredArtifact } from './call-store';

/**
 * What a recording or transcript download serves. The stand-in does not record the call's media: every recording
 * is the same short clip (a few seconds of Chromium's fake camera, recorded once with MediaRecorder), which is
 * enough for the archive, the session record and the session page to work end to end.
 */
let clip: Buffer | undefined;
export const recordingClip = () => (clip ??= readFileSync(new URL('./assets/recording.webm', import.meta.url)));

/** A transcript in Stream's JSONL shape (one speech segment a line). */
export const transcriptLines = (artifact: StoredArtifact) =>
  [
    { type: 'speech', start_time: artifact.start_time, stop_time: artifact.end_time, speaker_id: 'local-stand-in', text: 'This transcript was made by the local Stream stand-in; it does not transcribe the call.' },
  ]
    .map((line) => JSON.stringify(line))
    .join('\n') + '\n';
