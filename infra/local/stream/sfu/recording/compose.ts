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

/**
 * The ffmpeg arguments that compose a call's tracks into one WebM of `durationMs`: the videos in a grid on black (a
 * tile appears when its participant started publishing), the audio mixed, silence where nobody spoke.
 */
export const composeArguments = (tracks: RecordedTrack[], durationMs: number, output: string) => {
  const videos = tracks.filter((t) => t.kind === 'video');
  const audios = tracks.filter((t) => t.kind === 'audio');
  const seconds = (durationMs / 1000).toFixed(3);
  const inputs = tracks.flatMap((t) => ['-i', t.path]);
  const filters: string[] = [`color=c=black:s=${WIDTH}x${HEIGHT}:r=25:d=${seconds}[base]`];
  const { columns, rows } = grid(Math.max(videos.length, 1));
  const tileW = Math.floor(WIDTH / columns / 2) * 2;
  const tileH = Math.floor(HEIGHT / rows / 2) * 2;
  let last = 'base';
  videos.forEach((video, i) => {
    const input = tracks.indexOf(video);
    const x = (i % columns) * tileW;
    const y = Math.floor(i / columns) * tileH;
    filters.push(
      `[${input}:v]setpts=PTS-STARTPTS+${(video.offsetMs / 1000).toFixed(3)}/TB,scale=${tileW}:${tileH}:force_original_aspect_ratio=decrease,pad=${tileW}:${tileH}:(ow-iw)/2:(oh-ih)/2[v${i}]`,
      `[${last}][v${i}]overlay=${x}:${y}:eof_action=pass[o${i}]`,
    );
    last = `o${i}`;
  });
  const audioLabels = audios.map((audio, i) => {
    const input = tracks.indexOf(audio);
    filters.push(`[${input}:a]aresample=48000:async=1,adelay=${Math.round(audio.offsetMs)}:all=1[a${i}]`);
    return `[a${i}]`;
  });
  // overlay leaves an alpha plane, which VP8 in WebM cannot carry
  filters.push(`[${last}]format=yuv420p[picture]`);
  filters.push(`anullsrc=r=48000:cl=stereo:nb_samples=960,atrim=duration=${seconds}[silence]`);
  filters.push(`[silence]${audioLabels.join('')}amix=inputs=${audioLabels.length + 1}:duration=first:normalize=0[mix]`);
  return [
    '-nostdin', '-loglevel', 'error', '-y', ...inputs,
    '-filter_complex', filters.join(';'),
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
