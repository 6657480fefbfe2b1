import { statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MediaStreamTrack } from 'werift';
import { MediaRecorder } from 'werift/nonstandard';
import { compose, type RecordedTrack } from './compose';

interface Recording {
  recorder: MediaRecorder;
  track: RecordedTrack;
}

/**
 * A call's composite recording, as Stream's egress makes one: while it runs, each participant's published camera and
 * microphone are written as they arrive (one WebM per track, werift's recorder); at the end ffmpeg composes them into
 * one WebM of the recording's length.
 */
export class CallRecorder {
  private readonly startedAt = Date.now();
  private readonly recordings = new Map<string, Recording>();
  private dir: Promise<string>;
  private sequence = 0;

  constructor() {
    this.dir = mkdtemp(join(tmpdir(), 'local-sfu-recording-'));
  }

  /** A published track (again after a republish: the new one is written to a file of its own). */
  async record(key: string, track: MediaStreamTrack, requestKeyframe: () => void) {
    const kind = track.kind === 'video' ? 'video' : 'audio';
    const path = join(await this.dir, `${++this.sequence}-${kind}.webm`);
    const recorder = new MediaRecorder({ path, tracks: [track], width: 1280, height: 720, disableLipSync: true, disableNtp: true });
    this.recordings.set(`${key}:${this.sequence}`, { recorder, track: { kind, path, offsetMs: Date.now() - this.startedAt } });
    requestKeyframe();
  }

  async discard() {
    await Promise.all([...this.recordings.values()].map(({ recorder }) => recorder.stop().catch(() => undefined)));
    this.removeParts();
  }

  /**
   * werift's writer may still finish a part's file (its cues) after stop() gave up waiting for it: removed at once,
   * that write fails the process. A minute later it is long done.
   */
  private removeParts() {
    setTimeout(() => void this.dir.then((dir) => rm(dir, { recursive: true, force: true })), 60_000).unref();
  }

  /** Composes what was recorded into `output` with ffmpeg; the parts are removed. */
  async finish(ffmpeg: string, output: string) {
    const durationMs = Date.now() - this.startedAt;
    const recordings = [...this.recordings.values()];
    await Promise.all(recordings.map(({ recorder }) => recorder.stop().catch(() => undefined)));
    // A track that never sent a frame leaves an empty file, which ffmpeg cannot open.
    const tracks = recordings.map((r) => r.track).filter((t) => {
      try {
        return statSync(t.path).size > 200;
      } catch {
        return false;
      }
    });
    try {
      await compose(ffmpeg, tracks, durationMs, output);
    } finally {
      this.removeParts();
    }
    return durationMs;
  }
}
