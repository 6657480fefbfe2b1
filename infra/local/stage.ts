import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { METRICS_NAMESPACE, ORIGIN_VERIFY_HEADER, rateLimitedBody, securityHeaders, type RuntimeConfig } from '@mentoring/shared';
import { createApiGateway, usesTables } from './api-gateway';
import { startCognitoLocal, type CognitoLocalInfo } from './cognito';
import { LOCAL_REGION, localCredentials, startDynamoDbLocal, type DynamoDbLocal } from './dynamodb';
import { startLocalEventBus } from './event-bus';
import type { StageEnvironment } from './function-environment';
import { listen } from './ports';
import { startLocalScheduler } from './scheduler';
import { createMediaServer, localBucketNames, startS3rver } from './s3';
import { LOCAL_MAIL_FROM, startLocalSes } from './ses';
import { ensureTables, localTableNames } from './tables';
import { clientAddress, createApiRateLimiter } from './rate-limiter';
import { startCognitoFront } from './cognito-front';
import { headStart, supervise, type Supervised, type Watchable } from './supervisor';
import { createStreamStandIn, createVideoStandIn, localStreamCredentials, s3AttachmentStorage, type StreamStandIn } from './stream';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const frontendRoot = join(repoRoot, 'frontend');

export type WebMode = 'vite' | 'static' | 'none';

export interface LocalStageOptions {
  port: number;
  host?: string;
  /** Where DynamoDB Local keeps its files; in memory when absent. */
  dataDir?: string;
  /** Where cognito-local keeps its users; a temporary directory when absent. */
  cognitoDir?: string;
  /**
   * Where the local Stream stand-in keeps its state and its generated key and secret (default: <dataDir>/stream);
   * it runs only when no STREAM_API_KEY / STREAM_API_SECRET is set. In memory when the stage is.
   */
  streamDir?: string;
  /** Codes cognito-local would have e-mailed; nothing is sent locally. */
  onCognitoCode?: (delivery: { destination: string; code: string }) => void;
  web: WebMode;
  logLevel?: string;
  /**
   * The rate limits of shared/src/limits.ts, as WAF applies them in prod (default on). The integration and e2e
   * suites turn them off: all their users come from one address, far faster than people do.
   */
  rateLimits?: boolean;
  /** A DynamoDB Local already starting (start.ts boots its JVM before it loads the rest); the stage then owns it. */
  dynamoDb?: Promise<DynamoDbLocal>;
}

export interface LocalStage {
  url: string;
  port: number;
  dynamoDbEndpoint: string;
  tables: Record<string, string>;
  cognito: Pick<CognitoLocalInfo, 'endpoint' | 'userPoolId' | 'userPoolClientId'>;
  s3Endpoint: string;
  buckets: Record<string, string>;
  eventBus: { endpoint: string; busName: string; deadLetterFile: string };
  /** The API without the front (as execute-api's own URL in AWS): it refuses everything, the origin header is missing. */
  apiDirectUrl: string;
  /** The Scheduler stand-in: its API, and /_local/schedules and /_local/clock for tests. */
  scheduler: { endpoint: string; groupName: string; stateFile: string; deadLetterFile: string; environment: Record<string, string> };
  /** The SES stand-in: its API endpoint and the page listing every message sent. */
  ses: { endpoint: string; inboxUrl: string };
  /** Where Stream is: the local stand-in (its URL), or the real service named by STREAM_API_KEY / STREAM_API_SECRET. */
  stream:
    | {
        mode: 'stand-in';
        url: string;
        dataDir: string | null;
        /** The stand-in's own throwaway key and secret, for tests that sign as Stream would (webhooks); never sent to the browser. */
        apiKey: string;
        secret: string;
      }
    | { mode: 'credentials' };
  stop: () => Promise<void>;
}

export const appVersion = () =>
  (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * LOCAL_SCHEDULE_HANDLERS='{"<kind>":"<module under functions/src>"}' runs another module for a schedule kind:
 * a stub while the real handler is being written, or the integration tests' probe (../testing/schedule-probe: test helpers sit beside src).
 */
const scheduleHandlerOverrides = (): Record<string, string> => {
  const raw = process.env.LOCAL_SCHEDULE_HANDLERS;
  if (!raw) return {};
  const parsed = JSON.parse(raw) as unknown;
  if (!parsed || typeof parsed !== 'object' || Object.values(parsed).some((module) => typeof module !== 'string')) {
    throw new Error('LOCAL_SCHEDULE_HANDLERS must be a JSON object of schedule kinds to handler modules.');
  }
  return parsed as Record<string, string>;
};

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

const createWeb = async (mode: WebMode, server: ReturnType<typeof createServer>) => {
  if (mode === 'vite') {
    const { createServer: createVite } = await import('vite');
    const vite = await createVite({
      root: frontendRoot,
      configFile: join(frontendRoot, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server } },
      appType: 'spa',
    });
    return { handle: vite.middlewares as Middleware, close: () => vite.close() };
  }
  if (mode === 'static') {
    const dist = join(frontendRoot, 'dist');
    if (!existsSync(join(dist, 'index.html'))) throw new Error(`No built SPA in ${dist}: run "npm run build" first.`);
    const { default: sirv } = await import('sirv');
    const serve = sirv(dist, { single: 'spa.html', etag: true, gzip: true, brotli: true }) as Middleware;
    // As in AWS, where the web stack does not deploy them: source maps are not public.
    const handle: Middleware = (req, res, next) => {
      if (/\.map$/.test((req.url ?? '').split('?')[0] ?? '')) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      serve(req, res, next);
    };
    return { handle, close: async () => undefined };
  }
  return {
    handle: ((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    }) as Middleware,
    close: async () => undefined,
  };
};

/**
 * Vite's dev server injects inline scripts (React refresh) that the policy rightly forbids, so with `vite` the
 * CSP is sent report-only (the browser reports what AWS would block) while everything else is as in AWS.
 */
export const localSecurityHeaders = (origins: Parameters<typeof securityHeaders>[0], mode: WebMode) => {
  const { 'content-security-policy': csp, ...rest } = securityHeaders(origins);
  return mode === 'vite' ? { ...rest, 'content-security-policy-report-only': csp! } : { ...rest, 'content-security-policy': csp! };
};

/**
 * The whole product on this machine: DynamoDB Local, the API (same handlers as Lambda) and the SPA,
 * on one origin as CloudFront serves them in AWS.
 */
export const startLocalStage = async (options: LocalStageOptions): Promise<LocalStage> => {
  const host = options.host ?? '127.0.0.1';
  // Fail on a busy port before starting anything else (a DynamoDB Local the caller started goes with the failure).
  if (options.port !== 0) {
    const probe = createServer();
    await listen(probe, options.port, host).catch(async (error: unknown) => {
      await options.dynamoDb?.then((instance) => instance.stop(), () => undefined);
      throw error;
    });
    await new Promise((resolve) => probe.close(resolve));
  }
  // s3rver's objects and the bus's dead letters live beside DynamoDB's files, or in a scratch dir for in-memory stages.
  const scratch = options.dataDir ? undefined : mkdtempSync(join(tmpdir(), 'local-stage-'));
  const dataDir = options.dataDir ?? scratch!;
  // Its own directory even in memory, so a restart finds the same pool, users and port (the tokens' issuer).
  const cognitoDir = options.cognitoDir ?? join(dataDir, 'cognito');
  // The two stand-ins in processes of their own take the longest to boot (DynamoDB Local's JVM most): they boot
  // while the in-process stand-ins start.
  const dynamoEarly = headStart(options.dynamoDb ?? startDynamoDbLocal({ dataDir: options.dataDir }), (first) =>
    startDynamoDbLocal({ dataDir: options.dataDir, port: first.port }),
  );
  const startCognito = () => startCognitoLocal({ dataDir: cognitoDir, onCode: options.onCognitoCode });
  const cognitoEarly = headStart(startCognito(), startCognito);
  const cleanups: (() => Promise<void>)[] = [];
  if (scratch) cleanups.push(async () => rmSync(scratch, { recursive: true, force: true }));
  const supervisors: Supervised<Watchable>[] = [];
  const stop = async () => {
    // First, before anything ends: a stand-in that dies while the stage stops (Ctrl-C reaches their processes
    // too) stays dead, and a restart under way is undone.
    await Promise.all(supervisors.map((supervised) => supervised.standDown()));
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => console.error(error));
    // One still booting when another start failed is not supervised yet: it is stopped once it is up.
    await Promise.all([cognitoEarly.dropIfUnclaimed(), dynamoEarly.dropIfUnclaimed()]);
  };
  try {
    const startS3 = (port?: number) => startS3rver({ directory: join(dataDir, 's3rver'), port });
    const s3Supervised = await supervise('the S3 stand-in (s3rver)', headStart(startS3(), (first) => startS3(first.port)).start);
    cleanups.push(s3Supervised.stop);
    supervisors.push(s3Supervised);
    // A restarted s3rver keeps the first one's port: its endpoint and buckets stay right.
    const s3 = s3Supervised.current;
    const ses = await startLocalSes();
    cleanups.push(ses.stop);
    // Consumers run only after the stage has started, by when their environment is complete.
    const functions: { environment?: StageEnvironment } = {};
    const bus = await startLocalEventBus({
      functionsSrc: join(repoRoot, 'functions/src'),
      dataDir: join(dataDir, 'event-bus'),
      region: LOCAL_REGION,
      environment: () => {
        if (!functions.environment) throw new Error('An event was delivered before the local stage had started.');
        return functions.environment;
      },
    });
    cleanups.push(bus.stop);
    const scheduler = await startLocalScheduler({
      functionsSrc: join(repoRoot, 'functions/src'),
      dataDir: join(dataDir, 'scheduler'),
      region: LOCAL_REGION,
      handlerOverrides: scheduleHandlerOverrides(),
      environment: () => {
        if (!functions.environment) throw new Error('A schedule ran before the local stage had started.');
        return functions.environment;
      },
    });
    cleanups.push(scheduler.stop);
    const dynamo = await supervise('DynamoDB Local', dynamoEarly.start, {
      // In memory, a restarted DynamoDB Local is empty: its tables come back, the data does not.
      restarted: async (instance) => {
        await ensureTables(instance.client);
        if (!options.dataDir) console.error('[local] DynamoDB Local kept its data in memory: the tables are back, empty.');
      },
    });
    // Stopped last, after everything that may still write to it.
    cleanups.unshift(dynamo.stop);
    supervisors.push(dynamo);
    const firstDynamo = dynamo.current;
    await ensureTables(firstDynamo.client);
    const cognitoSupervised = await supervise('cognito-local', cognitoEarly.start);
    cleanups.push(cognitoSupervised.stop);
    supervisors.push(cognitoSupervised);
    const cognito = cognitoSupervised.current;
    const originSecret = randomBytes(32).toString('base64url');
    const rateLimited = options.rateLimits ?? true;
    const cognitoFront = await startCognitoFront({
      upstream: () => cognitoSupervised.current.endpoint,
      stateFile: join(cognitoDir, 'front-port.json'),
      rateLimited,
    });
    cleanups.push(cognitoFront.stop);
    const tables = localTableNames();
    const version = appVersion();
    // Where Stream is comes with its credentials: tests may point STREAM_BASE_URL at a recorder of Stream's API.
    // Without credentials, the local stand-in (infra/local/stream) is Stream, with a key and secret of its own.
    const siteAddress: { url?: string } = {};
    let standIn: StreamStandIn | undefined;
    let standInEnvironment: Record<'STREAM_API_KEY' | 'STREAM_API_SECRET' | 'STREAM_BASE_URL', string> | undefined;
    const streamDir = options.dataDir ? (options.streamDir ?? join(options.dataDir, 'stream')) : undefined;
    if (!(process.env.STREAM_API_KEY && process.env.STREAM_API_SECRET)) {
      const credentials = localStreamCredentials(streamDir);
      standIn = await createStreamStandIn({
        ...credentials,
        dataDir: streamDir,
        webhookUrl: () => (siteAddress.url ? `${siteAddress.url}/api/webhooks/stream` : undefined),
        s3: s3AttachmentStorage({ endpoint: s3.endpoint, bucket: s3.buckets.media! }),
        video: createVideoStandIn,
        // The test runner names a file of its own to read after the e2e suite; a developer's stage keeps one beside its state.
        notImitatedLog: process.env.STREAM_NOT_IMITATED_LOG || (streamDir ? join(streamDir, 'not-imitated.jsonl') : undefined),
      });
      cleanups.push(standIn.stop);
      standInEnvironment = { STREAM_API_KEY: credentials.apiKey, STREAM_API_SECRET: credentials.secret, STREAM_BASE_URL: standIn.url };
    }
    const stream = standInEnvironment ?? {
          STREAM_API_KEY: process.env.STREAM_API_KEY!,
          STREAM_API_SECRET: process.env.STREAM_API_SECRET!,
          ...(process.env.STREAM_BASE_URL ? { STREAM_BASE_URL: process.env.STREAM_BASE_URL } : {}),
        };
    // Not process.env: each handler sees only its own share of this (function-environment.ts), as in Lambda.
    const environment: StageEnvironment = {
      common: {
        AWS_REGION: LOCAL_REGION,
        AWS_ACCESS_KEY_ID: localCredentials.accessKeyId,
        AWS_SECRET_ACCESS_KEY: localCredentials.secretAccessKey,
        AWS_ENDPOINT_URL_DYNAMODB: firstDynamo.endpoint,
        AWS_ENDPOINT_URL_S3: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        AWS_ENDPOINT_URL_EVENTBRIDGE: bus.endpoint,
        // Where the SDK finds the other stand-ins; what a function may do there is still its needs' business.
        AWS_ENDPOINT_URL_SESV2: ses.endpoint,
        AWS_ENDPOINT_URL_SCHEDULER: scheduler.endpoint,
        AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognito.endpoint,
        STAGE: 'local',
        APP_VERSION: version,
        POWERTOOLS_SERVICE_NAME: 'mentoring-local',
        POWERTOOLS_METRICS_NAMESPACE: METRICS_NAMESPACE,
        POWERTOOLS_METRICS_DISABLED: 'true',
        POWERTOOLS_LOG_LEVEL: options.logLevel ?? process.env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
        // There is no X-Ray here; functions/src/lib/powertools.ts then does not even load the tracer.
        POWERTOOLS_TRACE_ENABLED: 'false',
        // Tests ask the directory to skip its per-container snapshot, so a decision shows at once.
        ...(process.env.DIRECTORY_CACHE_SECONDS ? { DIRECTORY_CACHE_SECONDS: process.env.DIRECTORY_CACHE_SECONDS } : {}),
        // As the deployed stages' recordingRetentionDays (cdk.json): DynamoDB Local keeps expired items, s3rver has no lifecycle.
        RECORDING_RETENTION_DAYS: process.env.RECORDING_RETENTION_DAYS ?? '7',
        // Tests let a coordinator refresh the dashboard's snapshot at once (30 s apart otherwise), so their data shows.
        ...(process.env.DASHBOARD_REFRESH_COOLDOWN_SECONDS ? { DASHBOARD_REFRESH_COOLDOWN_SECONDS: process.env.DASHBOARD_REFRESH_COOLDOWN_SECONDS } : {}),
      },
      // Identity: the handlers verify tokens against cognito-local (functions/src/lib/auth/id-token-verifier.ts).
      cognito: {
        COGNITO_USER_POOL_ID: cognito.userPoolId,
        COGNITO_CLIENT_ID: cognito.userPoolClientId,
        COGNITO_ISSUER: cognito.issuer,
        COGNITO_JWKS_URI: cognito.jwksUri,
      },
      tables,
      buckets: localBucketNames(),
      eventBusName: bus.busName,
      secrets: { stream },
      mailFrom: LOCAL_MAIL_FROM,
      userPoolId: cognito.userPoolId,
      schedules: scheduler.environment,
      // Known once the server listens (below), before any function runs.
      siteUrl: '',
      originSecret,
    };
    functions.environment = environment;
    const cognitoConfig = { endpoint: cognitoFront.endpoint, userPoolId: cognito.userPoolId, userPoolClientId: cognito.userPoolClientId };
    const config: RuntimeConfig = {
      stage: 'local',
      version,
      region: LOCAL_REGION,
      cognito: cognitoConfig,
      // The stand-in's address only: its key and secret stay on the server.
      stream: standIn ? { configured: true, local: true, baseUrl: standIn.url } : { configured: true },
    };
    const api = createApiGateway({
      functionsSrc: join(repoRoot, 'functions/src'),
      environment,
      // From DynamoDB Local's death until its tables are back, functions that need a table answer 503.
      unavailable: (route) => !dynamo.available && usesTables(route.needs),
    });
    // CloudFront's /media/photos/* behaviour: the resized photos, straight from the media bucket.
    const media = createMediaServer({ endpoint: s3.endpoint, bucket: s3.buckets.media! });

    // Node's 5 s keep-alive: a client that reuses an idle connection as the server closes it gets ECONNRESET, as a
    // Playwright request did after a call's 6 s in a busy run (its agent closes 1 s before the server's hint, if on time).
    // A minute is past any test's wait and any page's pause between requests.
    const server = createServer();
    server.keepAliveTimeout = 65_000;
    const web = await createWeb(options.web, server);
    cleanups.push(web.close);
    const apiLimiter = createApiRateLimiter();
    // execute-api's own URL: the API without CloudFront in front, so without the origin header.
    const apiDirect = createServer((req, res) => {
      api(req, res).catch((error) => {
        console.error(error);
        if (!res.headersSent) res.writeHead(500).end();
      });
    });
    const apiDirectPort = await listen(apiDirect, 0, '127.0.0.1');
    cleanups.push(() => new Promise<void>((resolve) => { apiDirect.closeAllConnections(); apiDirect.close(() => resolve()); }));
    // CloudFront's response headers policy, from the same definition, on every answer (SPA, API, media). Locally
    // the buckets are s3rver's path-style ones, which CSP names exactly by their paths (a photo is POSTed to the bucket's root).
    const headers = localSecurityHeaders(
      { cognito: cognitoFront.endpoint, archive: `${s3.endpoint}/${s3.buckets.archive}/`, uploads: `${s3.endpoint}/${s3.buckets.media}`, ...(standIn ? { stream: standIn.url } : {}) },
      options.web,
    );
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (path === '/_local/stand-ins') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify({
          dynamodb: { pid: dynamo.current.pid, restarts: dynamo.restarts },
          cognito: { pid: cognitoSupervised.current.pid, restarts: cognitoSupervised.restarts },
          s3: { restarts: s3Supervised.restarts },
          stream: standIn ? { url: standIn.url } : null,
        }));
      } else if (path === '/api' || path.startsWith('/api/')) {
        // WAF on CloudFront: the shared limits, per client address, before anything else.
        const decision = rateLimited ? apiLimiter(clientAddress(req), path) : { allowed: true as const };
        if (!decision.allowed) {
          res.writeHead(429, { 'content-type': 'application/json; charset=utf-8', 'retry-after': String(decision.retryAfterSeconds) });
          res.end(rateLimitedBody());
          return;
        }
        // CloudFront's origin custom header, overwriting whatever the viewer sent under that name.
        req.headers[ORIGIN_VERIFY_HEADER] = originSecret;
        api(req, res).catch((error) => {
          console.error(error);
          if (!res.headersSent) res.writeHead(500).end();
        });
      } else if (path.startsWith('/media/')) {
        media(req, res).catch((error) => {
          console.error(error);
          if (!res.headersSent) res.writeHead(500).end();
        });
      } else if (path === '/config.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
        res.end(JSON.stringify(config));
      } else {
        web.handle(req, res, () => res.writeHead(404).end());
      }
    });
    const port = await listen(server, options.port, host);
    const url = `http://${host === '127.0.0.1' || host === '0.0.0.0' ? 'localhost' : host}:${port}`;
    // Absolute links (e-mails, the photo URL Stream shows) start here; in AWS an SSM parameter says it.
    environment.siteUrl = url;
    // The stand-in posts its webhooks to the stage's own address (an IP: Node may resolve "localhost" to ::1 first).
    siteAddress.url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
    cleanups.push(
      () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    );
    return {
      url,
      port,
      dynamoDbEndpoint: firstDynamo.endpoint,
      apiDirectUrl: `http://127.0.0.1:${apiDirectPort}`,
      tables,
      cognito: cognitoConfig,
      s3Endpoint: s3.endpoint,
      buckets: s3.buckets,
      eventBus: { endpoint: bus.endpoint, busName: bus.busName, deadLetterFile: bus.deadLetterFile },
      scheduler: {
        endpoint: scheduler.endpoint,
        groupName: scheduler.groupName,
        stateFile: scheduler.stateFile,
        deadLetterFile: scheduler.deadLetterFile,
        environment: scheduler.environment,
      },
      ses: { endpoint: ses.endpoint, inboxUrl: ses.inboxUrl },
      stream: standIn && standInEnvironment
        ? { mode: 'stand-in', url: standIn.url, dataDir: streamDir ?? null, apiKey: standInEnvironment.STREAM_API_KEY, secret: standInEnvironment.STREAM_API_SECRET }
        : { mode: 'credentials' },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};
