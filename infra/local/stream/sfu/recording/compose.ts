import { execFile } from 'node:child_process';

/** One participant's recorded track, and when it began, in ms from the recording's start. */
export interface RecordedTrack {
  kind: 'audio' | 'video';
  path: string;
  offsetMs: number;
}

/** Smaller than Stream's 720p: ffmpeg composes on the developer's machine, beside the call itself. */
const WIDTH = 640;
const HEIGHT = 360;

/** Columns and rows of a grid for n tiles, as Stream's grid layout arranges them. */
const grid = (n: number) => {
  const columns = Math.ceil(Math.sqrt(n));
  return { columns, rows: Math.ceil(n / columns) };
};

/** An input of the composition: which ffmpeg input it is, its kind, and when it began (ms from the start). */
export interface ComposedInput {
  input: number;
  kind: 'audio' | 'video';
  offsetMs: number;
}

/**
 * The filter graph that composes a call's tracks into `[picture]` and `[mix]`, as Stream's default layout does: the
 * videos in a grid on black (a tile appears when its participant started publishing), the audio mixed, silence where
 * nobody spoke. With `seconds` the picture and the sound last that long (a recording); without, they go on for as long
 * as the inputs do (a live broadcast), at the wall clock's pace when no input paces them.
 */
export const composeFilters = (inputs: readonly ComposedInput[], seconds?: string) => {
  const videos = inputs.filter((t) => t.kind === 'video');
  const audios = inputs.filter((t) => t.kind === 'audio');
  const length = seconds === undefined ? '' : `:d=${seconds}`;
  // A live picture whose cameras stopped (or that has none) would be made as fast as ffmpeg can: `realtime` holds it to the clock.
  const filters: string[] = [`color=c=black:s=${WIDTH}x${HEIGHT}:r=25${length}${seconds === undefined ? ',realtime' : ''}[base]`];
  const { columns, rows } = grid(Math.max(videos.length, 1));
  const tileW = Math.floor(WIDTH / columns / 2) * 2;
  const tileH = Math.floor(HEIGHT / rows / 2) * 2;
  let last = 'base';
  videos.forEach((video, i) => {
    const x = (i % columns) * tileW;
    const y = Math.floor(i / columns) * tileH;
    filters.push(
      `[${video.input}:v]setpts=PTS-STARTPTS+${(video.offsetMs / 1000).toFixed(3)}/TB,scale=${tileW}:${tileH}:force_original_aspect_ratio=decrease,pad=${tileW}:${tileH}:(ow-iw)/2:(oh-ih)/2[v${i}]`,
      `[${last}][v${i}]overlay=${x}:${y}:eof_action=pass[o${i}]`,
    );
    last = `o${i}`;
  });
  const audioLabels = audios.map((audio, i) => {
    filters.push(`[${audio.input}:a]aresample=48000:async=1,adelay=${Math.round(audio.offsetMs)}:all=1[a${i}]`);
    return `[a${i}]`;
  });
  // overlay leaves an alpha plane, which VP8 in WebM (and H.264 in HLS) cannot carry
  filters.push(`[${last}]format=yuv420p[picture]`);
  filters.push(`anullsrc=r=48000:cl=stereo:nb_samples=960${seconds === undefined ? '' : `,atrim=duration=${seconds}`}[silence]`);
  filters.push(`[silence]${audioLabels.join('')}amix=inputs=${audioLabels.length + 1}:duration=first:normalize=0[mix]`);
  return filters.join(';');
};

/** The ffmpeg arguments that compose a call's recorded tracks into one WebM of `durationMs`. */
export const composeArguments = (tracks: RecordedTrack[], durationMs: number, output: string) => {
  const seconds = (durationMs / 1000).toFixed(3);
  return [
    '-nostdin', '-loglevel', 'error', '-y', ...tracks.flatMap((t) => ['-i', t.path]),
    '-filter_complex', composeFilters(tracks.map((t, input) => ({ input, kind: t.kind, offsetMs: t.offsetMs })), seconds),
    '-map', '[picture]', '-map', '[mix]', '-t', seconds,
    '-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '600k', '-c:a', 'libopus', '-b:a', '64k',
    output,
  ];
};

export const compose = (ffmpeg: string, tracks: RecordedTrack[], durationMs: number, output: string) =>
  new Promise<void>((resolve, reject) => {
    execFile(ffmpeg, composeArguments(tracks, durationMs, output), { timeout: 10 * 60_000, maxBuffer: 16 << 20 }, (error, _stdout, stderr) => {
      if (error) reject(new Error(`ffmpeg could not compose the recording: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
