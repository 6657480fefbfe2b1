// Bundled by the bench with esbuild as CDK bundles the Lambda, then run with plain Node.
// Runs in its own process so its peak RSS is the consumer's alone: `archive` runs the archive consumer's code
// (download stream → S3 multipart upload + DynamoDB record); `copy` is the plain baseline, download stream → file.
import { createWriteStream, rmSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { pipeline } from 'node:stream/promises';

const [mode, url, target] = process.argv.slice(2) as ['archive' | 'copy', string, string];
const started = performance.now();
let bytes: number;
if (mode === 'copy') {
  const response = await new Promise<IncomingMessage>((resolve, reject) => get(url, resolve).on('error', reject));
  const out = createWriteStream(target);
  await pipeline(response, out);
  bytes = out.bytesWritten;
  rmSync(target, { force: true });
} else {
  const { archiveArtifact } = await import('../../../functions/src/calls/archive');
  const { record, archived } = await archiveArtifact({
    cid: `bench:${target}`,
    kind: 'recording',
    callSessionId: 'bench-session',
    filename: 'bench.mp4',
    url,
    startTime: null,
    endTime: null,
  });
  if (!archived) throw new Error('The bench file was already archived');
  bytes = record.size;
}
const seconds = (performance.now() - started) / 1000;
// maxRSS is in kilobytes.
process.stdout.write(JSON.stringify({ bytes, seconds, peakRssMb: process.resourceUsage().maxRSS / 1024 }));
