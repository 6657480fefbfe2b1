import { randomUUID } from 'node:crypto';
import { appendFileSync, mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context, EventBridgeEvent } from 'aws-lambda';
import { eventEntrySize, matchingRules, MAX_EVENT_ENTRY_BYTES, type EventRuleDefinition } from '@mentoring/shared';
import { functionEnvironments, type StageEnvironment } from './function-environment';
import { listen } from './ports';
import { readJson, sendJson } from './http-kit';

export const LOCAL_EVENT_BUS_NAME = 'mentoring-local-stream';
const ACCOUNT = '000000000000';
/** Lambda's asynchronous invocation: the first attempt and two retries, then the dead-letter queue. */
const RETRY_DELAYS_MS = [200, 1000];
const LOG_LIMIT = 1000;

type Consumer = (event: EventBridgeEvent<string, unknown>, context: Context) => Promise<unknown>;

export interface Delivery {
  rule: string;
  status: 'pending' | 'succeeded' | 'dead-lettered';
  attempts: number;
  error?: string;
}

export interface LoggedEvent {
  event: EventBridgeEvent<string, unknown>;
  deliveries: Delivery[];
}

export interface DeadLetter {
  rule: string;
  handler: string;
  attempts: number;
  error: string;
  at: string;
  event: EventBridgeEvent<string, unknown>;
}

export interface LocalEventBus {
  /** Where the AWS SDK's EventBridge client sends PutEvents (AWS_ENDPOINT_URL_EVENTBRIDGE). */
  endpoint: string;
  busName: string;
  /** Dead letters, one JSON object a line, also served at <endpoint>/_local/dead-letters. */
  deadLetterFile: string;
  stop: () => Promise<void>;
}

interface PutEventsEntry {
  Source?: string;
  DetailType?: string;
  Detail?: string;
  EventBusName?: string;
  Resources?: string[];
  Time?: string | number;
}

const AMZ_JSON = { 'content-type': 'application/x-amz-json-1.1' };

const awsError = (res: ServerResponse, status: number, type: string, message: string) =>
  sendJson(res, status, { __type: type, message }, AMZ_JSON);

const context = (handler: string, timeoutSeconds: number): Context => {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: `local-${handler.replaceAll('/', '-')}`,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:${ACCOUNT}:function:${handler}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/local/${handler}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

/**
 * The local stand-in for the EventBridge bus: it speaks the PutEvents JSON protocol (so the ingress uses the
 * AWS SDK unchanged), routes by the shared rule table, and invokes the same consumer modules Lambda runs, with
 * EventBridge-shaped events and Lambda's asynchronous retries. What still fails lands in a dead-letter file.
 */
export const startLocalEventBus = async ({
  functionsSrc,
  dataDir,
  region,
  retryDelaysMs = RETRY_DELAYS_MS,
  environment,
}: {
  functionsSrc: string;
  dataDir: string;
  region: string;
  retryDelaysMs?: number[];
  /** The stage's environment, of which each consumer sees only what its rule grants; read at delivery. */
  environment?: () => StageEnvironment;
}): Promise<LocalEventBus> => {
  mkdirSync(dataDir, { recursive: true });
  const deadLetterFile = join(dataDir, 'dead-letters.jsonl');
  const consumers = new Map<string, Promise<Consumer>>();
  const log: LoggedEvent[] = [];
  const deadLetters: DeadLetter[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopping = false;

  const load = (handler: string) => {
    let loaded = consumers.get(handler);
    if (!loaded) {
      loaded = import(pathToFileURL(join(functionsSrc, `${handler}.ts`)).href).then((module: { handler: Consumer }) => module.handler);
      consumers.set(handler, loaded);
    }
    return loaded;
  };

  let inFunction: ReturnType<typeof functionEnvironments> | undefined;
  const deliver = async (rule: EventRuleDefinition, event: EventBridgeEvent<string, unknown>, delivery: Delivery) => {
    for (;;) {
      delivery.attempts += 1;
      try {
        inFunction ??= functionEnvironments(environment?.());
        await inFunction(rule, async () => (await load(rule.handler))(structuredClone(event), context(rule.handler, rule.timeoutSeconds ?? 10)));
        delivery.status = 'succeeded';
        return;
      } catch (error) {
        delivery.error = error instanceof Error ? error.message : String(error);
        const delay = retryDelaysMs[delivery.attempts - 1];
        if (delay === undefined || stopping) break;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    delivery.status = 'dead-lettered';
    const letter: DeadLetter = {
      rule: rule.name,
      handler: rule.handler,
      attempts: delivery.attempts,
      error: delivery.error ?? 'unknown',
      at: new Date().toISOString(),
      event,
    };
    deadLetters.push(letter);
    appendFileSync(deadLetterFile, `${JSON.stringify(letter)}\n`);
    console.error(`[bus] ${rule.name} failed ${delivery.attempts} times for ${event['detail-type']} ${event.id}: ${letter.error}`);
  };

  const publish = (entry: PutEventsEntry) => {
    const id = randomUUID();
    const event: EventBridgeEvent<string, unknown> = {
      version: '0',
      id,
      'detail-type': entry.DetailType!,
      source: entry.Source!,
      account: ACCOUNT,
      time: entry.Time ? new Date(typeof entry.Time === 'number' ? entry.Time * 1000 : entry.Time).toISOString() : new Date().toISOString(),
      region,
      resources: entry.Resources ?? [],
      detail: JSON.parse(entry.Detail!) as unknown,
    };
    const logged: LoggedEvent = { event, deliveries: [] };
    log.push(logged);
    if (log.length > LOG_LIMIT) log.shift();
    for (const rule of matchingRules(event.source, event['detail-type'])) {
      const delivery: Delivery = { rule: rule.name, status: 'pending', attempts: 0 };
      logged.deliveries.push(delivery);
      // Asynchronous, as EventBridge is: PutEvents answers before any consumer runs.
      const running = deliver(rule, event, delivery).finally(() => inFlight.delete(running));
      inFlight.add(running);
    }
    return id;
  };

  const putEvents = async (req: IncomingMessage, res: ServerResponse) => {
    const body = (await readJson(req)) as { Entries?: PutEventsEntry[] };
    const entries = body.Entries ?? [];
    if (entries.length < 1 || entries.length > 10) return awsError(res, 400, 'ValidationException', 'Entries must hold 1 to 10 events.');
    const results = entries.map((entry) => {
      if (entry.EventBusName && entry.EventBusName !== LOCAL_EVENT_BUS_NAME) {
        return { ErrorCode: 'ResourceNotFoundException', ErrorMessage: `Event bus ${entry.EventBusName} does not exist.` };
      }
      if (!entry.Source || !entry.DetailType || !entry.Detail) {
        return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Source, DetailType and Detail are required.' };
      }
      try {
        if (typeof JSON.parse(entry.Detail) !== 'object') throw new Error('not an object');
      } catch {
        return { ErrorCode: 'MalformedDetail', ErrorMessage: 'Detail is not a JSON object.' };
      }
      if (eventEntrySize(entry) > MAX_EVENT_ENTRY_BYTES) return { ErrorCode: 'EntryTooLarge', ErrorMessage: 'Entry exceeds 256 KB.' };
      return { EventId: publish(entry) };
    });
    sendJson(res, 200, { Entries: results, FailedEntryCount: results.filter((result) => 'ErrorCode' in result).length }, AMZ_JSON);
  };

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'POST' && path === '/') {
      if (req.headers['x-amz-target'] !== 'AWSEvents.PutEvents') {
        return awsError(res, 400, 'UnknownOperationException', `The local bus only speaks PutEvents, not ${String(req.headers['x-amz-target'])}.`);
      }
      return void putEvents(req, res).catch(() => awsError(res, 400, 'SerializationException', 'The request body is not valid JSON.'));
    }
    // Local-only views for tests and debugging; AWS has CloudWatch and the SQS dead-letter queues instead.
    if (req.method === 'GET' && path === '/_local/events') return sendJson(res, 200, { events: log });
    if (req.method === 'GET' && path === '/_local/dead-letters') return sendJson(res, 200, { deadLetters });
    sendJson(res, 404, { message: 'Not found' });
  });
  const port = await listen(server, 0, '127.0.0.1');

  return {
    endpoint: `http://127.0.0.1:${port}`,
    busName: LOCAL_EVENT_BUS_NAME,
    deadLetterFile,
    stop: async () => {
      stopping = true;
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
