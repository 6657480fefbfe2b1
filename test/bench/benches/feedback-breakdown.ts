// Where a POST /api/feedback spends its time: each layer timed on its own, in this process, one call at a
// time against the stage's DynamoDB Local. Layers that cannot run alone are the difference of two that can.
import { randomUUID } from 'node:crypto';
import { Agent, createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DynamoDBClient, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { route, routes } from '@mentoring/shared';
import type * as Dynamo from '../../../functions/src/lib/dynamo';
import { createApiGateway } from '../../../infra/local/api-gateway';
import { withFunctionEnvironment, type StageEnvironment } from '../../../infra/local/function-environment';
import { repoRoot, type SpawnedStage } from '../../support/local-stage';
import { bareServer as answeringServer, benchStageEnvironment, listenLocal, send, timeLayer } from '../breakdown';
import { round } from '../stats';

const WARMUP = 200;
const ITERATIONS = 1500;

const functionsSrc = join(repoRoot, 'functions/src');

const time = (task: () => Promise<unknown> | unknown) => timeLayer(task, { warmup: WARMUP, iterations: ITERATIONS });

/** One keep-alive POST, as autocannon sends them. */
const post = (agent: Agent, port: number, path: string, body: string) => send(agent, port, path, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

export const feedbackBreakdown = async (stage: SpawnedStage, body: string) => {
  const environment: StageEnvironment = benchStageEnvironment(stage);
  const entry = route('POST /api/feedback');
  const inFunction = <T>(run: () => Promise<T>) =>
    withFunctionEnvironment({ ...environment.common, ...environment.cognito, FEEDBACK_TABLE: stage.tables.feedback! }, run);

  const { handler } = await inFunction(
    async () => (await import(pathToFileURL(join(functionsSrc, `${entry.handler}.ts`)).href)) as { handler: (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyResultV2> },
  );
  const { documentClient } = (await import(pathToFileURL(join(functionsSrc, 'lib/dynamo.ts')).href)) as typeof Dynamo;
  const event = (): APIGatewayProxyEventV2 => ({
    version: '2.0',
    routeKey: entry.key,
    rawPath: entry.path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method: 'POST', path: entry.path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bench' },
      requestId: randomUUID(),
      routeKey: entry.key,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body,
    isBase64Encoded: false,
  });
  const context = () =>
    ({
      functionName: 'bench',
      awsRequestId: randomUUID(),
      getRemainingTimeInMillis: () => 10_000,
    }) as unknown as Context;
  const invoke = () => inFunction(() => handler(event(), context()));

  // The SDK call alone: the handler's document client and command, and a bare PutItem as the first bench runs it.
  const item = () => ({ id: randomUUID(), source: '/bench', rating: 5, feedbackType: 'global', answers: ['Benchmark feedback'], userId: null, createdAt: new Date().toISOString() });
  const documentPut = await time(() =>
    inFunction(() => documentClient.send(new PutCommand({ TableName: stage.tables.feedback, Item: item(), ConditionExpression: 'attribute_not_exists(id)' }))),
  );
  const bare = new DynamoDBClient({ endpoint: stage.dynamoDbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const barePut = await time(() =>
    bare.send(new PutItemCommand({ TableName: stage.tables.feedback, Item: { id: { S: randomUUID() }, source: { S: '/bench' }, feedbackType: { S: 'global' } } })),
  );
  bare.destroy();

  const handlerWithSdk = await time(invoke);
  // The same handler with the SDK call answered at once: middy, Powertools, zod and our code.
  const send = documentClient.send.bind(documentClient);
  documentClient.send = (async () => ({})) as unknown as typeof documentClient.send;
  let handlerWithoutSdk: Awaited<ReturnType<typeof time>>;
  let handlerWithoutSdkOrEnvScope: Awaited<ReturnType<typeof time>>;
  let gatewayWithoutSdk: Awaited<ReturnType<typeof time>>;
  let bareHttp: Awaited<ReturnType<typeof time>>;
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const gatewayServer = createServer();
  const bareServer = answeringServer(201, '{"id":"00000000-0000-4000-8000-000000000000"}');
  try {
    handlerWithoutSdk = await time(invoke);
    // The same calls with the environment in this process's own process.env, not a per-function scope:
    // what the local stage's per-handler environment (AsyncLocalStorage) costs.
    const functionEnv = { ...environment.common, ...environment.cognito, FEEDBACK_TABLE: stage.tables.feedback! };
    const saved = { ...process.env };
    Object.assign(process.env, functionEnv);
    try {
      handlerWithoutSdkOrEnvScope = await time(() => handler(event(), context()));
    } finally {
      for (const name of Object.keys(functionEnv)) if (!(name in saved)) delete process.env[name];
    }
    const gateway = createApiGateway({ functionsSrc, environment });
    gatewayServer.on('request', (req, res) => void gateway(req, res));
    const gatewayPort = await listenLocal(gatewayServer);
    gatewayWithoutSdk = await time(() => post(agent, gatewayPort, entry.path, body));
    const barePort = await listenLocal(bareServer);
    bareHttp = await time(() => post(agent, barePort, entry.path, body));
  } finally {
    documentClient.send = send;
    agent.destroy();
    gatewayServer.close();
    bareServer.close();
  }

  // Validation alone: the body schema and the answer schema, as the handler runs both.
  const schemas = routes['POST /api/feedback'];
  const parsedBody = JSON.parse(body) as unknown;
  const validation = await time(() => {
    schemas.body.parse(parsedBody);
    schemas.response.parse({ id: '00000000-0000-4000-8000-000000000000' });
  });

  const us = (value: number) => round(value, 1);
  return {
    method: `median of ${ITERATIONS} sequential calls after ${WARMUP} warm-up, in the bench process, against the stage's DynamoDB Local`,
    layersMedianUs: {
      httpHop: bareHttp.medianUs,
      localGatewayEventAndDispatch: us(gatewayWithoutSdk.medianUs - bareHttp.medianUs - handlerWithoutSdk.medianUs),
      middyPowertoolsAndOurCode: us(handlerWithoutSdk.medianUs - validation.medianUs),
      zodValidation: validation.medianUs,
      sdkPutCommand: us(handlerWithSdk.medianUs - handlerWithoutSdk.medianUs),
    },
    // The bench process's CPU per call (DynamoDB Local's JVM not included): what the stage's one thread spends.
    layersCpuUs: {
      httpHop: bareHttp.cpuUs,
      localGatewayEventAndDispatch: us(gatewayWithoutSdk.cpuUs - bareHttp.cpuUs - handlerWithoutSdk.cpuUs),
      middyPowertoolsAndOurCode: us(handlerWithoutSdk.cpuUs - validation.cpuUs),
      zodValidation: validation.cpuUs,
      sdkPutCommand: us(handlerWithSdk.cpuUs - handlerWithoutSdk.cpuUs),
    },
    perFunctionEnvironmentUs: us(handlerWithoutSdk.medianUs - handlerWithoutSdkOrEnvScope.medianUs),
    measuredUs: { barePutItem: barePut, documentClientPut: documentPut, handlerWithSdk, handlerWithoutSdk, handlerWithoutSdkOrEnvScope, gatewayOverHttpWithoutSdk: gatewayWithoutSdk, bareHttp, validation },
  };
};
