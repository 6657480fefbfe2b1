// Where a GET /api/mentors page spends its time: each layer timed on its own, in this process, one call at a
// time against the stage's DynamoDB Local (as feedback-breakdown.ts does for POST /api/feedback). Layers that
// cannot run alone (the gateway, middy and Powertools) are the difference of two that can.
import { randomUUID } from 'node:crypto';
import { Agent, createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { route, routes } from '@mentoring/shared';
import type * as Directory from '../../../functions/src/directory';
import type * as DirectoryCache from '../../../functions/src/directory/cache';
import type * as AuthVerifier from '../../../functions/src/lib/auth/id-token-verifier';
import type * as Members from '../../../functions/src/members';
import type * as Blocks from '../../../functions/src/safeguarding/blocks';
import { createApiGateway } from '../../../infra/local/api-gateway';
import { functionEnvironments, type StageEnvironment } from '../../../infra/local/function-environment';
import { decodeJwt } from '../../support/auth';
import { repoRoot, type SpawnedStage } from '../../support/local-stage';
import { bareServer, benchStageEnvironment, listenLocal, send, timeLayer, type LayerTiming } from '../breakdown';
import { round } from '../stats';

const WARMUP = 50;
const ITERATIONS = 300;

const functionsSrc = join(repoRoot, 'functions/src');
const time = (task: () => Promise<unknown> | unknown) => timeLayer(task, { warmup: WARMUP, iterations: ITERATIONS });

export interface DirectoryBreakdownInput {
  /** The page's path and query, as the bench asks for it. */
  path: string;
  /** The same query as API Gateway hands it to the function. */
  queryStringParameters: Record<string, string>;
  /** A signed-in mentee with a profile: their ID token and id. */
  idToken: string;
  sub: string;
}

/** Refreshes of the directory snapshot timed on their own (each is thousands of items, seconds on DynamoDB Local). */
const REFRESHES = 3;

export const directoryBreakdown = async (stage: SpawnedStage, input: DirectoryBreakdownInput) => {
  // cognito-local's own address, as the token names it (the stage's config names the rate-limiting front).
  const issuer = String(decodeJwt(input.idToken).iss);
  const base = benchStageEnvironment(stage, {
    COGNITO_USER_POOL_ID: stage.cognito.userPoolId,
    COGNITO_CLIENT_ID: stage.cognito.userPoolClientId,
    COGNITO_ISSUER: issuer,
    COGNITO_JWKS_URI: `${issuer}/.well-known/jwks.json`,
  });
  // The snapshot stays for the whole breakdown: a refresh (seconds of reads and sorting) falling inside one
  // layer's calls would be charged to that layer. Refreshes are timed on their own, below.
  const environment: StageEnvironment = { ...base, common: { ...base.common, DIRECTORY_CACHE_SECONDS: '3600' } };
  const entry = route('GET /api/mentors');
  const scoped = functionEnvironments(environment);
  const inFunction = <T>(run: () => Promise<T> | T) => scoped({ handler: entry.handler, auth: entry.auth, needs: entry.needs }, async () => run());
  const load = <T>(file: string) => inFunction(async () => (await import(pathToFileURL(join(functionsSrc, file)).href)) as T);

  // The very modules the gateway loads (same URLs), so their caches and clients are the handler's.
  const { handler } = await load<{ handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2> }>(`${entry.handler}.ts`);
  const directory = await load<typeof Directory>('directory/index.ts');
  const { getMember } = await load<typeof Members>('members/index.ts');
  const { hiddenFrom } = await load<typeof Blocks>('safeguarding/blocks/index.ts');
  const { idTokenVerifier } = await load<typeof AuthVerifier>('lib/auth/id-token-verifier.ts');
  const { resetDirectoryCache } = await load<typeof DirectoryCache>('directory/cache.ts');

  const authorization = `Bearer ${input.idToken}`;
  const event = (): APIGatewayProxyEventV2 => ({
    version: '2.0',
    routeKey: entry.key,
    rawPath: entry.path,
    rawQueryString: input.path.split('?')[1] ?? '',
    queryStringParameters: input.queryStringParameters,
    headers: { authorization },
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'GET', path: entry.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: randomUUID(),
      routeKey: entry.key,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    isBase64Encoded: false,
  });
  const context = () => ({ functionName: 'bench', awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 10_000 }) as unknown as Context;
  const invoke = () => inFunction(() => handler(event(), context()));
  const first = await invoke();
  if (first.statusCode !== 200) throw new Error(`The handler answered ${first.statusCode}: ${String(first.body).slice(0, 300)}`);
  const answerBody = String(first.body);

  // The whole request: through the local gateway over HTTP, and the handler invoked directly.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const gatewayServer = createServer();
  const hopServer = bareServer(200, answerBody);
  let gatewayOverHttp: LayerTiming;
  let bareHttp: LayerTiming;
  try {
    const gateway = createApiGateway({ functionsSrc, environment });
    gatewayServer.on('request', (req, res) => void gateway(req, res));
    const gatewayPort = await listenLocal(gatewayServer);
    gatewayOverHttp = await time(() => send(agent, gatewayPort, input.path, { headers: { authorization } }));
    // The HTTP hop alone: the same request and an answer of the same size, from a server that does nothing else.
    const hopPort = await listenLocal(hopServer);
    bareHttp = await time(() => send(agent, hopPort, input.path, { headers: { authorization } }));
  } finally {
    agent.destroy();
    gatewayServer.close();
    hopServer.close();
  }
  const handlerWhole = await time(invoke);
  if (process.env.BENCH_PROFILE) {
    const { Session } = await import('node:inspector/promises');
    const session = new Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
    for (let i = 0; i < 300; i += 1) await invoke();
    const { profile } = await session.post('Profiler.stop');
    (await import('node:fs')).writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
    session.disconnect();
  }

  // Each layer of the handler alone.
  const auth = await time(() => inFunction(() => idTokenVerifier().verify(input.idToken)));
  const profileGetItem = await time(() => inFunction(() => getMember(input.sub, { consistent: false })));
  const blocksSummary = await time(() => inFunction(() => hiddenFrom(input.sub)));
  const cachedProgrammeAndSnapshot = await time(() => inFunction(async () => [await directory.directoryProgramme(), await directory.directorySnapshot()]));
  // The reads as the handler makes them (one BatchGetItem: profile, blocks summary, declines), one request's worth.
  const readsAsTheHandlerMakesThem = await time(() => inFunction(() => directory.readViewer(input.sub)));

  const query = routes['GET /api/mentors'].query.parse(input.queryStringParameters);
  const [viewerReads, snapshot] = await inFunction(async () => [await directory.readViewer(input.sub), await directory.directorySnapshot()] as const);
  const viewer = viewerReads.viewer;
  const request = { ...query, viewerZone: viewer?.timezone, viewerId: viewer?.id, hidden: viewerReads.hidden, mentee: viewer?.role === 'mentee' ? viewer : undefined, excluded: viewerReads.excluded };
  // Each page reads the viewer afresh, so each query sees a new profile object (memos keyed by it miss, as in the handler).
  const freshViewers = Array.from({ length: WARMUP + ITERATIONS }, () => structuredClone(viewer));
  let next = 0;
  const inMemoryQuery = await time(() => {
    const mentee = freshViewers[next++ % freshViewers.length];
    return directory.queryDirectory(snapshot.entries, { ...request, mentee: mentee?.role === 'mentee' ? mentee : undefined }, new Date());
  });
  const answer = directory.queryDirectory(snapshot.entries, request, new Date());
  const answerValidation = await time(() => routes['GET /api/mentors'].response.safeParse(answer));
  const serialisation = await time(() => JSON.stringify(answer));

  // A refresh of the snapshot, which a container makes once per TTL: the Query pages of the index and the sort.
  const refresh = await timeLayer(
    () =>
      inFunction(async () => {
        resetDirectoryCache();
        await directory.directorySnapshot();
      }),
    { warmup: 0, iterations: REFRESHES },
  );

  const us = (value: number) => round(value, 1);
  const layer = (pick: (timing: LayerTiming) => number) => {
    const inHandler = pick(auth) + pick(readsAsTheHandlerMakesThem) + pick(cachedProgrammeAndSnapshot) + pick(inMemoryQuery) + pick(answerValidation) + pick(serialisation);
    return {
      httpHop: pick(bareHttp),
      localGatewayEventAndDispatch: us(pick(gatewayOverHttp) - pick(bareHttp) - pick(handlerWhole)),
      authVerifyIdToken: pick(auth),
      dynamoDbReads: pick(readsAsTheHandlerMakesThem),
      cachedProgrammeAndSnapshot: pick(cachedProgrammeAndSnapshot),
      inMemoryQuery: pick(inMemoryQuery),
      answerValidationZod: pick(answerValidation),
      serialisationJson: pick(serialisation),
      middyPowertoolsAndOurCode: us(pick(handlerWhole) - inHandler),
      wholeRequest: pick(gatewayOverHttp),
    };
  };
  const cpuPerRequestUs = gatewayOverHttp.cpuUs;
  return {
    method: `median of ${ITERATIONS} sequential calls after ${WARMUP} warm-up, in the bench process, against the stage's DynamoDB Local`,
    answerBytes: Buffer.byteLength(answerBody),
    layersMedianUs: layer((timing) => timing.medianUs),
    // The bench process's CPU per call (DynamoDB Local's JVM not included): what the stage's one thread spends,
    // and so what 10 connections queue behind.
    layersCpuUs: layer((timing) => timing.cpuUs),
    // The local stage serves every request on one Node thread: concurrent requests wait for each other's CPU,
    // so at N connections a page takes at least about N × the CPU of one (before the machine's other load).
    cpuPerRequestUs,
    queueFloorAtConnectionsMs: (connections: number) => round((connections * cpuPerRequestUs) / 1000, 1),
    /** One refresh of the snapshot (every TTL per container, shared by its pages), median of a few. */
    snapshotRefresh: { medianMs: round(refresh.medianUs / 1000, 1), cpuMs: round(refresh.cpuUs / 1000, 1), runs: REFRESHES },
    dynamoDbReadsAloneMedianUs: { profileGetItem: profileGetItem.medianUs, blocksSummary: blocksSummary.medianUs, viewerBatch: readsAsTheHandlerMakesThem.medianUs },
    dynamoDbReadsAloneCpuUs: { profileGetItem: profileGetItem.cpuUs, blocksSummary: blocksSummary.cpuUs, viewerBatch: readsAsTheHandlerMakesThem.cpuUs },
    measuredUs: { gatewayOverHttp, bareHttp, handlerWhole, auth, profileGetItem, blocksSummary, cachedProgrammeAndSnapshot, readsAsTheHandlerMakesThem, inMemoryQuery, answerValidation, serialisation },
  };
};

/** The breakdown as lines beside the bench's other figures. */
export const describeBreakdown = (breakdown: Awaited<ReturnType<typeof directoryBreakdown>>, connections: number) => {
  const { layersMedianUs: wall, layersCpuUs: cpu } = breakdown;
  const ms = (value: number) => `${round(value / 1000, 2)} ms`;
  const rows = (Object.keys(wall) as (keyof typeof wall)[]).map((name) => `    ${name.padEnd(30)} ${ms(wall[name]).padStart(10)} wall ${ms(cpu[name]).padStart(10)} CPU`);
  const reads = breakdown.dynamoDbReadsAloneMedianUs;
  return [
    `  where a page's time goes (one call at a time, in-process; ${breakdown.answerBytes} B answer):`,
    ...rows,
    `    CPU per request ${ms(breakdown.cpuPerRequestUs)} on the stage's one thread: at ${connections} connections a page waits about ${breakdown.queueFloorAtConnectionsMs(connections)} ms for the others' CPU`,
    `    a snapshot refresh (once per TTL per container): ${breakdown.snapshotRefresh.medianMs} ms wall, ${breakdown.snapshotRefresh.cpuMs} ms CPU, blocking the thread while it sorts`,
    `    reads alone: profile GetItem ${ms(reads.profileGetItem)}, blocks summary (BatchGetItem of 1) ${ms(reads.blocksSummary)}; the page's one BatchGetItem (profile, blocks, declines) ${ms(reads.viewerBatch)} wall, ${ms(breakdown.dynamoDbReadsAloneCpuUs.viewerBatch)} CPU`,
  ].join('\n');
};
