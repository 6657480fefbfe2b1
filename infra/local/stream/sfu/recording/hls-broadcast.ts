import { spawn, type ChildProcess } from 'node:child_process';
import { createSocket } from 'node:dgram';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MediaStreamTrack } from 'werift';
import { composeFilters } from './compose';

/** A published camera or microphone the broadcast shows. */
export interface BroadcastTrack {
  key: string;
  kind: 'audio' | 'video';
  track: MediaStreamTrack;
  requestKeyframe(): void;
}

/** The payload types the SDP files name (each packet's own is rewritten to them: the publisher's offer chose its own). */
const PAYLOAD = { video: { type: 96, rtpmap: 'VP8/90000' }, audio: { type: 111, rtpmap: 'opus/48000/2' } } as const;

export const PLAYLIST = 'index.m3u8';

/** A track's RTP and its RTCP go to a pair of ports (even, then odd) that ffmpeg binds; this one was free a moment ago. */
const freePortPair = async (): Promise<number> => {
  const bind = (port: number) =>
    new Promise<boolean>((resolve) => {
      const socket = createSocket('udp4');
      socket.once('error', () => resolve(false));
      socket.bind(port, '127.0.0.1', () => socket.close(() => resolve(true)));
    });
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = 20_000 + 2 * Math.floor(Math.random() * 20_000);
    if ((await bind(port)) && (await bind(port + 1))) return port;
  }
  throw new Error('no free UDP ports for the broadcast');
};

const sdp = (kind: 'audio' | 'video', port: number) =>
  ['v=0', 'o=- 0 0 IN IP4 127.0.0.1', 's=local broadcast', 'c=IN IP4 127.0.0.1', 't=0 0', `m=${kind} ${port} RTP/AVP ${PAYLOAD[kind].type}`, `a=rtpmap:${PAYLOAD[kind].type} ${PAYLOAD[kind].rtpmap}`, ''].join('\n');

interface Run {
  process: ChildProcess;
  exited: Promise<void>;
  untap: (() => void)[];
  /** set when the stand-in ends the run itself (a restart, the stop): its exit is no failure */
  ending: boolean;
}

/** How long a change of the call's tracks settles before ffmpeg starts again with them (a join publishes two). */
const SETTLE_MS = 800;

/**
 * A call's HLS broadcast, as Stream's egress makes one: the SFU copies the RTP of each published camera and microphone
 * to ffmpeg (over the loopback, one SDP per track), which composes them as the recording does (compose.ts) and writes
 * H.264 and AAC segments with a live playlist into `dir`. ffmpeg's inputs are fixed when it starts, so when the tracks
 * change (someone joins, leaves or mutes) it starts again on the same playlist, after a discontinuity. Stopped, the
 * playlist is ended (EXT-X-ENDLIST) and stays where it is.
 */
export class HlsBroadcast {
  private tracks: BroadcastTrack[] = [];
  private run: Run | undefined;
  private settle: NodeJS.Timeout | undefined;
  private restarting: Promise<void> = Promise.resolve();
  private readonly sender = createSocket('udp4');
  private stopped = false;
  private announced = false;
  private generation = 0;

  constructor(
    private readonly ffmpeg: string,
    readonly dir: string,
    private readonly on: { started(): void; failed(error: Error): void },
    private readonly log: (message: string, details?: unknown) => void,
  ) {}

  get playlist() {
    return join(this.dir, PLAYLIST);
  }

  /** The call's live tracks now; ffmpeg starts (again) with them once they settle. */
  setTracks(tracks: BroadcastTrack[]) {
    const keys = (list: BroadcastTrack[]) => list.map((t) => t.key).sort().join(',');
    const first = this.run === undefined && this.settle === undefined;
    if (!first && keys(tracks) === keys(this.tracks)) return;
    this.tracks = tracks;
    clearTimeout(this.settle);
    this.settle = setTimeout(() => {
      this.settle = undefined;
      this.restarting = this.restarting.then(() => this.restart()).catch((error: unknown) => this.fail(error instanceof Error ? error : new Error(String(error))));
    }, first ? 0 : SETTLE_MS);
  }

  private fail(error: Error) {
    if (this.stopped) return;
    this.log('the HLS broadcast failed', error);
    void this.stop(false);
    this.on.failed(error);
  }

  private async restart() {
    if (this.stopped) return;
    await this.endRun();
    if (this.stopped) return;
    await mkdir(this.dir, { recursive: true });
    const generation = ++this.generation;
    const inputs = await Promise.all(
      this.tracks.map(async (track, input) => {
        const port = await freePortPair();
        const file = join(this.dir, `input-${generation}-${input}.sdp`);
        await writeFile(file, sdp(track.kind, port));
        return { track, input, port, file };
      }),
    );
    if (this.stopped) return;
    const args = [
      '-nostdin', '-loglevel', 'error', '-y',
      ...inputs.flatMap(({ file }) => ['-protocol_whitelist', 'file,udp,rtp', '-i', file]),
      '-filter_complex', composeFilters(inputs.map(({ track, input }) => ({ input, kind: track.kind, offsetMs: 0 }))),
      '-map', '[picture]', '-map', '[mix]',
      // A keyframe every 2 s starts each segment: a viewer can begin at any of them.
      '-c:v', 'libx264', '-preset', 'veryfast', '-tune', 'zerolatency', '-pix_fmt', 'yuv420p', '-g', '50', '-keyint_min', '50', '-sc_threshold', '0', '-b:v', '800k',
      '-c:a', 'aac', '-b:a', '96k', '-ar', '48000',
      '-f', 'hls', '-hls_time', '2', '-hls_list_size', '10',
      // Started again on the same playlist: a discontinuity tells the player that timestamps and codec state start over.
      '-hls_flags', `delete_segments+append_list+omit_endlist+independent_segments${existsSync(this.playlist) ? '+discont_start' : ''}`,
      '-hls_segment_filename', join(this.dir, 'segment-%d.ts'),
      this.playlist,
    ];
    const child = spawn(this.ffmpeg, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const run: Run = { process: child, untap: [], ending: false, exited: new Promise<void>((resolve) => child.once('exit', () => resolve())) };
    this.run = run;
    child.once('exit', (code, signal) => {
      if (!run.ending) this.fail(new Error(`ffmpeg stopped broadcasting (${signal ?? code}): ${stderr.trim()}`));
    });
    child.once('error', (error) => {
      if (!run.ending) this.fail(error);
    });
    for (const { track, port } of inputs) {
      const { type } = PAYLOAD[track.kind];
      const { unSubscribe } = track.track.onReceiveRtp.subscribe((rtp) => {
        const packet = rtp.serialize();
        packet[1] = (packet[1]! & 0x80) | type;
        this.sender.send(packet, port, '127.0.0.1');
      });
      run.untap.push(unSubscribe);
      // ffmpeg can only start a picture at a keyframe.
      track.requestKeyframe();
      setTimeout(() => track.requestKeyframe(), 1000).unref();
    }
    if (!this.announced) void this.announceOnceWritten(run);
  }

  /** `call.hls_broadcasting_started` once the playlist names a segment, as Stream's comes after a few seconds of setup. */
  private async announceOnceWritten(run: Run) {
    for (let waited = 0; waited < 120_000 && !run.ending && !this.stopped; waited += 500) {
      const text = existsSync(this.playlist) ? await readFile(this.playlist, 'utf8').catch(() => '') : '';
      if (text.includes('.ts')) {
        this.announced = true;
        this.on.started();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  private async endRun() {
    const run = this.run;
    this.run = undefined;
    if (!run) return;
    run.ending = true;
    for (const untap of run.untap) untap();
    // SIGINT: ffmpeg ends the segment it is writing and the playlist with it.
    run.process.kill('SIGINT');
    const killer = setTimeout(() => run.process.kill('SIGKILL'), 5000);
    await run.exited;
    clearTimeout(killer);
  }

  /** Ends the broadcast: the playlist ends (a player plays on to its end), or, failed, its files go. */
  async stop(ended = true) {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.settle);
    // A failure comes from within a restart: only a stop from outside waits for the one under way.
    if (ended) await this.restarting.catch(() => undefined);
    await this.endRun();
    this.sender.close();
    if (ended && existsSync(this.playlist)) await appendFile(this.playlist, '#EXT-X-ENDLIST\n');
    if (!ended) await rm(this.dir, { recursive: true, force: true });
  }
}
