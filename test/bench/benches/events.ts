import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { repoRoot, type SpawnedStage } from '../../support/local-stage';
import { streamSignature, testStreamCredentials } from '../../support/stream';
import type { Bench } from '../run';
import { loadFigures, round } from '../stats';

const CONNECTIONS = 10;
const WARMUP_SECONDS = 3;
const SECONDS = 10;
const FILE_MB = 200;

/**
 * POST /api/webhooks/stream, each request a new delivery (its own id and its own bytes, signed), so every one
 * verifies, claims its id and its payload's digest, and publishes. The same bytes under new ids would be refused
 * as copies after the first (the payload marker): that is the duplicate path, which `duplicates` measures.
 */
const ingress = async (stage: SpawnedStage, seconds: number, connections = CONNECTIONS, fresh = true) => {
  // An event no rule consumes: this measures the ingress, not the consumers sharing the stage's process.
  const event = (id: string) => JSON.stringify({ type: 'call.stats_report_ready', call_cid: `bench:${id}`, created_at: new Date().toISOString() });
  const copied = event('ingress');
  const result = await autocannon({
    url: `${stage.url}/api/webhooks/stream`,
    method: 'POST',
    connections,
    duration: seconds,
    headers: { 'content-type': 'application/json', 'x-api-key': testStreamCredentials.apiKey },
    requests: [
      {
        setupRequest: (request) => {
          const id = randomUUID();
          const body = fresh ? event(id) : copied;
          return { ...request, body, headers: { ...request.headers, 'x-webhook-id': id, 'x-signature': streamSignature(body) } };
        },
      },
    ],
  });
  return loadFigures(result);
};

/** Serves FILE_MB of incompressible bytes, generated as it streams, like Stream's recording host. */
const startFileServer = async () => {
  const chunk = randomBytes(1024 * 1024);
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': FILE_MB * chunk.length });
    Readable.from((function* () {
      for (let i = 0; i < FILE_MB; i += 1) yield chunk;
    })()).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/recording.mp4`, close: () => new Promise((resolve) => server.close(resolve)) };
};

interface ChildFigures {
  bytes: number;
  seconds: number;
  peakRssMb: number;
}

/** The consumer's code as Lambda runs it: one minified ESM bundle (infra/lib/constructs/app-function.ts's settings). */
const bundleChild = async (outdir: string) => {
  const outfile = join(outdir, 'archive-child.mjs');
  await build({
    entryPoints: [join(repoRoot, 'test/bench/support/archive-child.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    minify: true,
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    logLevel: 'error',
  });
  return outfile;
};

const runChild = (stage: SpawnedStage, bundle: string, args: string[]) =>
  new Promise<ChildFigures>((resolve, reject) => {
    const child = spawn(process.execPath, [bundle, ...args], {
      cwd: repoRoot,
      env: {
        ...process.env,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        AWS_ENDPOINT_URL_DYNAMODB: stage.dynamoDbEndpoint,
        AWS_ENDPOINT_URL_S3: stage.s3Endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        CALLS_TABLE: stage.tables.calls,
        ARCHIVE_BUCKET: stage.buckets.archive,
        POWERTOOLS_LOG_LEVEL: 'ERROR',
        POWERTOOLS_METRICS_DISABLED: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (data: Buffer) => (out += data.toString()));
    child.stderr.on('data', (data: Buffer) => (err += data.toString()));
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`archive child exited with ${code}:\n${err}`));
      resolve(JSON.parse(out) as ChildFigures);
    });
  });

const throughput = ({ bytes, seconds, peakRssMb }: ChildFigures) => ({
  megabytes: round(bytes / (1024 * 1024)),
  seconds: round(seconds),
  mbPerSecond: round(bytes / (1024 * 1024) / seconds),
  peakRssMb: round(peakRssMb),
});

/** Webhook ingress latency, and archiving a 200 MB recording beside a plain stream copy of the same file. */
export const eventsBench: Bench = {
  name: 'events',
  env: { STREAM_API_KEY: testStreamCredentials.apiKey, STREAM_API_SECRET: testStreamCredentials.apiSecret },
  run: async ({ stage }) => {
    await ingress(stage, WARMUP_SECONDS);
    const warm = await ingress(stage, SECONDS);
    // One delivery at a time: the latency a single Stream delivery sees, without queueing behind others.
    const sequential = await ingress(stage, SECONDS, 1);
    // Copies of one delivery under new ids (a retry Stream sends again): refused at the payload marker, unpublished.
    const duplicates = await ingress(stage, SECONDS, CONNECTIONS, false);

    const scratch = mkdtempSync(join(tmpdir(), 'bench-events-'));
    const files = await startFileServer();
    try {
      const bundle = await bundleChild(scratch);
      const copy = throughput(await runChild(stage, bundle, ['copy', files.url, join(scratch, 'copy.bin')]));
      const archive = throughput(await runChild(stage, bundle, ['archive', files.url, randomUUID()]));
      return {
        ingress: {
          seconds: SECONDS,
          warmupSeconds: WARMUP_SECONDS,
          targetP99Ms: 50,
          concurrent: { connections: CONNECTIONS, ...warm },
          sequential: { connections: 1, ...sequential },
          duplicates: { connections: CONNECTIONS, ...duplicates },
        },
        archive: {
          fileMb: FILE_MB,
          consumer: archive,
          plainStreamCopy: copy,
          archiveToCopyThroughputRatio: round(archive.mbPerSecond / copy.mbPerSecond, 3),
          targetPeakRssMb: 150,
        },
      };
    } finally {
      await files.close();
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
