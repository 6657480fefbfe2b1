import { randomBytes, randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'aws-lambda';
import {
  nextRecurrence,
  recurrenceDescription,
  recurrenceExpression,
  SCHEDULE_NAME_PATTERN,
  scheduleEnv,
  schedules,
  SCHEDULER_CONTEXT,
  type Recurrence,
  type ScheduleDefinition,
  intlKnowsZone,
  wallClockToUtc,
} from '@mentoring/shared';
import { listen } from './ports';
import { readText, sendJson } from './http-kit';
import { functionEnvironments, type StageEnvironment } from './function-environment';

export const LOCAL_SCHEDULE_GROUP = 'mentoring-local';
const ACCOUNT = '000000000000';
/** Lambda's asynchronous invocation, as Scheduler uses it: the first attempt and two retries, then the dead letters. */
const RETRY_DELAYS_MS = [200, 1000];
/** Scheduler looks for due schedules about once a minute; locally a second keeps `npm start` snappy. */
const TICK_MS = 1000;
const HISTORY_LIMIT = 1000;
/** A clock move settles chains (a handler that schedules something already due) up to this many rounds. */
const SETTLE_ROUNDS = 20;

// The limits of the CreateSchedule API reference.
const ROLE_ARN_PATTERN = /^arn:aws(-[a-z]+)?:iam::\d{12}:role\/[\w+=,.@/-]+$/;
const SQS_ARN_PATTERN = /^arn:aws(-[a-z]+)?:sqs:[a-z0-9-]+:\d{12}:[a-zA-Z0-9_-]+$/;
const AT_PATTERN = /^at\((\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\)$/;

type Handler = (event: unknown, context: Context) => Promise<unknown>;
type Kinds = Record<string, Pick<ScheduleDefinition, 'handler' | 'timeoutSeconds' | 'needs' | 'weekly' | 'everyMinutes'>>;

interface Target {
  Arn: string;
  RoleArn: string;
  Input?: string;
  RetryPolicy?: { MaximumEventAgeInSeconds?: number; MaximumRetryAttempts?: number };
  DeadLetterConfig?: { Arn?: string };
}

/** A schedule as the stand-in keeps it: the API's fields, plus when it is due in milliseconds. */
interface StoredSchedule {
  Name: string;
  GroupName: string;
  Arn: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  Description?: string;
  State: 'ENABLED' | 'DISABLED';
  FlexibleTimeWindow: { Mode: 'OFF' | 'FLEXIBLE'; MaximumWindowInMinutes?: number };
  ActionAfterCompletion: 'NONE' | 'DELETE';
  Target: Target;
  KmsKeyArn?: string;
  StartDate?: number;
  EndDate?: number;
  ClientToken?: string;
  CreationDate: number;
  LastModificationDate: number;
  /** The time its expression names, which the handler gets as scheduledTime. */
  dueAt: number;
  /**
   * When it runs on the stand-in's clock: dueAt plus the clock's lead when the schedule was set. Callers compute
   * their times from the wall clock, so a schedule set after a clock move is as far ahead as its caller meant.
   */
  dueOnClock: number;
  /** A one-time schedule kept after its run (ActionAfterCompletion NONE): it never runs again. */
  completed?: boolean;
  /** A recurring kind's schedule (the shared table's `weekly` or `everyMinutes`): after each run it is due again. */
  recurs?: Recurrence;
}

export interface ScheduleRun {
  name: string;
  group: string;
  kind: string | null;
  scheduledTime: string;
  /** On the stand-in's clock. */
  firedAt: string;
  executionId: string;
  status: 'running' | 'succeeded' | 'dead-lettered';
  attempts: number;
  payload?: unknown;
  error?: string;
}

export interface ScheduleDeadLetter extends ScheduleRun {
  handler: string | null;
  event: unknown;
  at: string;
}

interface PersistedState {
  clockOffsetMs: number;
  schedules: StoredSchedule[];
  runs: ScheduleRun[];
}

export interface LocalScheduler {
  /** Where the AWS SDK's Scheduler client sends its calls (AWS_ENDPOINT_URL_SCHEDULER). */
  endpoint: string;
  groupName: string;
  roleArn: string;
  deadLetterArn: string;
  /** The target ARN of each schedule kind, as SCHEDULE_TARGETS gives them to the functions. */
  targets: Record<string, string>;
  /** Schedules, runs and the clock, kept across restarts. */
  stateFile: string;
  /** Dead letters, one JSON object a line, also served at <endpoint>/_local/schedules. */
  deadLetterFile: string;
  /** The environment a function that sets schedules needs (scheduleEnv and the endpoint). */
  environment: Record<string, string>;
  stop: () => Promise<void>;
}

class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}
const invalid = (message: string) => new ApiError(400, 'ValidationException', message);

/** Scheduler's REST-JSON errors: the type in x-amzn-ErrorType, the message in the body. */
const sendError = (res: ServerResponse, error: ApiError) => sendJson(res, error.status, { Message: error.message }, { 'x-amzn-errortype': error.type });

/** When an `at(...)` expression is due, or a ValidationException as Scheduler answers it. */
export const parseAtExpression = (expression: string, zone = 'UTC') => {
  if (/^(rate|cron)\(/.test(expression)) {
    throw invalid(`The local stand-in runs one-time schedules only, not ${expression}; the product sets no recurring schedule at run time.`);
  }
  const match = AT_PATTERN.exec(expression);
  if (!match) throw invalid(`Invalid Schedule Expression ${expression}.`);
  const fields = match.slice(1).map(Number);
  const [year, month, day, hour, minute, second] = fields as [number, number, number, number, number, number];
  const calendar = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  if (
    calendar.getUTCFullYear() !== year ||
    calendar.getUTCMonth() !== month - 1 ||
    calendar.getUTCDate() !== day ||
    calendar.getUTCHours() !== hour ||
    calendar.getUTCMinutes() !== minute ||
    calendar.getUTCSeconds() !== second
  ) {
    throw invalid(`Invalid Schedule Expression ${expression}.`);
  }
  return wallClockToUtc(zone, calendar.getTime());
};

const optionalString = (value: unknown, field: string, max: number) => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || value.length < 1 || value.length > max) throw invalid(`${field} must be a string of 1 to ${max} characters.`);
  return value;
};

const intIn = (value: unknown, field: string, min: number, max: number) => {
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) throw invalid(`${field} must be an integer from ${min} to ${max}.`);
  return value;
};

const oneOf = <T extends string>(value: unknown, field: string, allowed: readonly T[]): T | undefined => {
  if (value === undefined) return undefined;
  if (!allowed.includes(value as T)) throw invalid(`${field} must be one of ${allowed.join(', ')}.`);
  return value as T;
};

const context = (functionName: string, timeoutSeconds: number, region: string): Context => {
  const deadline = Date.now() + timeoutSeconds * 1000;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${region}:${ACCOUNT}:function:${functionName}`,
    memoryLimitInMB: '256',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
};

/** Scheduler's scheduled-time: whole seconds, UTC, with a Z (2022-03-22T18:59:43Z). */
const scheduledTimeOf = (dueAt: number) => `${new Date(dueAt).toISOString().slice(0, 19)}Z`;

/**
 * The local stand-in for EventBridge Scheduler. It speaks the REST-JSON API that `@aws-sdk/client-scheduler`
 * uses (CreateSchedule, UpdateSchedule, GetSchedule, ListSchedules, DeleteSchedule), refuses what Scheduler
 * refuses, and runs one-time schedules when they are due: the target ARN names a kind of the shared schedule
 * table, whose handler module it invokes in-process with the target input (context attributes filled in), with
 * Lambda's asynchronous retries and a dead-letter file. Its clock is the wall clock plus a lead that tests move
 * (POST /_local/clock): moving it forward lets that much time pass for the schedules it holds, while one set
 * later (from a handler's wall-clock time) is as far ahead of the clock as its caller meant. Schedules, runs and
 * the lead live in a file, so a restart keeps them.
 */
export const startLocalScheduler = async ({
  functionsSrc,
  dataDir,
  region,
  kinds = schedules,
  handlerOverrides = {},
  retryDelaysMs = RETRY_DELAYS_MS,
  tickMs = TICK_MS,
  environment,
}: {
  functionsSrc: string;
  dataDir: string;
  region: string;
  /** Schedule kinds by name; the shared table unless a test gives its own. */
  kinds?: Kinds;
  /** Another handler module for some kinds (LOCAL_SCHEDULE_HANDLERS): a stub while the real one is being written, or a test probe. */
  handlerOverrides?: Record<string, string>;
  retryDelaysMs?: number[];
  tickMs?: number;
  /** The stage's environment, of which each kind's function sees only what its needs grant; read when it runs. */
  environment?: () => StageEnvironment;
}): Promise<LocalScheduler> => {
  let inFunction: ReturnType<typeof functionEnvironments> | undefined;
  mkdirSync(dataDir, { recursive: true });
  const stateFile = join(dataDir, 'schedules.json');
  const deadLetterFile = join(dataDir, 'dead-letters.jsonl');
  const groupName = LOCAL_SCHEDULE_GROUP;
  const groups = new Set([groupName, 'default']);
  const roleArn = `arn:aws:iam::${ACCOUNT}:role/mentoring-local-scheduler`;
  const deadLetterArn = `arn:aws:sqs:${region}:${ACCOUNT}:mentoring-local-schedule-dead-letters`;
  const functionName = (kind: string) => `mentoring-local-schedule-${kind}`;
  const targets = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, `arn:aws:lambda:${region}:${ACCOUNT}:function:${functionName(kind)}`]));
  const kindOfTarget = new Map(Object.entries(targets).map(([kind, arn]) => [arn, kind]));

  const state: PersistedState = existsSync(stateFile)
    ? (JSON.parse(readFileSync(stateFile, 'utf8')) as PersistedState)
    : { clockOffsetMs: 0, schedules: [], runs: [] };
  // A run cut short by a stop is not running any more.
  for (const run of state.runs) if (run.status === 'running') Object.assign(run, { status: 'dead-lettered', error: 'The local stage stopped during the run.' });
  const deadLetters: ScheduleDeadLetter[] = existsSync(deadLetterFile)
    ? readFileSync(deadLetterFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ScheduleDeadLetter)
    : [];
  const persist = () => {
    writeFileSync(`${stateFile}.tmp`, JSON.stringify(state));
    renameSync(`${stateFile}.tmp`, stateFile);
  };
  const now = () => Date.now() + state.clockOffsetMs;
  const key = (group: string, name: string) => `${group}/${name}`;
  const find = (group: string, name: string) => state.schedules.find((schedule) => key(schedule.GroupName, schedule.Name) === key(group, name));
  const scheduleArn = (group: string, name: string) => `arn:aws:scheduler:${region}:${ACCOUNT}:schedule/${group}/${name}`;

  const handlers = new Map<string, Promise<Handler>>();
  const load = (module: string) => {
    let loaded = handlers.get(module);
    if (!loaded) {
      loaded = import(pathToFileURL(join(functionsSrc, `${module}.ts`)).href).then((imported: { handler: Handler }) => imported.handler);
      handlers.set(module, loaded);
    }
    return loaded;
  };
  const inFlight = new Set<Promise<void>>();
  let stopping = false;

  const deadLetter = (run: ScheduleRun, handler: string | null, event: unknown) => {
    run.status = 'dead-lettered';
    const letter: ScheduleDeadLetter = { ...run, handler, event, at: new Date().toISOString() };
    deadLetters.push(letter);
    appendFileSync(deadLetterFile, `${JSON.stringify(letter)}\n`);
    console.error(`[scheduler] ${run.name} (${run.kind ?? 'unknown target'}) failed ${run.attempts} times: ${run.error}`);
  };

  /** One invocation of a kind's function with `event`, as Lambda runs it: the function's own environment, its answer. */
  const runTarget = async (kind: string, event: unknown) => {
    const definition = kinds[kind]!;
    const module = handlerOverrides[kind] ?? definition.handler;
    const invoke = async () => (await load(module))(structuredClone(event), context(functionName(kind), definition.timeoutSeconds ?? 10, region));
    // A stand-in module (a test probe) is not the kind's function: it runs with the stage's own environment.
    if (handlerOverrides[kind]) return invoke();
    inFunction ??= functionEnvironments(environment?.());
    return inFunction({ handler: module, needs: definition.needs }, invoke);
  };

  /**
   * Lambda's Invoke (POST /2015-03-31/functions/{name}/invocations) of a kind's function, by name or ARN: what a
   * suite reaching the stage as deployed calls to run a schedule's target with the event Scheduler would send (AWS
   * has no clock to move). RequestResponse answers the handler's result, or 200 with X-Amz-Function-Error and the
   * error as Lambda does; Event answers 202 and runs it; DryRun 204. Scheduler's own runs above never come here.
   */
  const invokeFunction = async (req: IncomingMessage, res: ServerResponse, target: string) => {
    const name = decodeURIComponent(target).replace(/^arn:aws[a-z-]*:lambda:[^:]+:\d{12}:function:/, '');
    const kind = Object.keys(kinds).find((each) => functionName(each) === name);
    if (!kind) throw new ApiError(404, 'ResourceNotFoundException', `Function not found: arn:aws:lambda:${region}:${ACCOUNT}:function:${name}`);
    const type = req.headers['x-amz-invocation-type'] ?? 'RequestResponse';
    if (type !== 'RequestResponse' && type !== 'Event' && type !== 'DryRun') throw invalid(`InvocationType must be one of RequestResponse, Event, DryRun.`);
    const text = await readText(req);
    let event: unknown;
    try {
      event = JSON.parse(text || '{}') as unknown;
    } catch {
      throw new ApiError(400, 'InvalidRequestContentException', 'Could not parse request body into json.');
    }
    const headers = { 'x-amz-executed-version': '$LATEST' };
    if (type === 'DryRun') return sendJson(res, 204, null, headers);
    const running = runTarget(kind, event);
    if (type === 'Event') {
      const done: Promise<void> = running
        .then(() => undefined, (error: unknown) => console.error(`[lambda] ${name} failed: ${error instanceof Error ? error.message : String(error)}`))
        .finally(() => inFlight.delete(done));
      inFlight.add(done);
      res.writeHead(202, headers);
      return void res.end();
    }
    try {
      const result = await running;
      sendJson(res, 200, result ?? null, headers);
    } catch (error) {
      const failure = error instanceof Error ? { errorType: error.name, errorMessage: error.message } : { errorType: 'Error', errorMessage: String(error) };
      sendJson(res, 200, failure, { ...headers, 'x-amz-function-error': 'Unhandled' });
    }
  };

  const invoke = async (schedule: StoredSchedule, run: ScheduleRun) => {
    const kind = run.kind;
    const definition = kind ? kinds[kind] : undefined;
    const input = (schedule.Target.Input ?? '{}')
      .replaceAll(SCHEDULER_CONTEXT.scheduledTime, run.scheduledTime)
      .replaceAll(SCHEDULER_CONTEXT.scheduleArn, schedule.Arn)
      .replaceAll(SCHEDULER_CONTEXT.executionId, run.executionId)
      .replaceAll(SCHEDULER_CONTEXT.attemptNumber, '1');
    let event: unknown;
    try {
      event = JSON.parse(input) as unknown;
    } catch {
      run.error = 'The target input is not JSON, which Lambda refuses.';
      return deadLetter(run, null, input);
    }
    run.payload = (event as { payload?: unknown } | null)?.payload;
    if (!kind || !definition) {
      run.error = `No function ${schedule.Target.Arn}: the target names no schedule kind of the shared table.`;
      return deadLetter(run, null, event);
    }
    const module = handlerOverrides[kind] ?? definition.handler;
    for (;;) {
      run.attempts += 1;
      try {
        await runTarget(kind, event);
        run.status = 'succeeded';
        return;
      } catch (error) {
        run.error = error instanceof Error ? error.message : String(error);
        const delay = retryDelaysMs[run.attempts - 1];
        if (delay === undefined || stopping) break;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
    deadLetter(run, module, event);
  };

  /** Starts every due schedule's run; synchronous up to the invocations, so no schedule starts twice. */
  const fireDue = () => {
    const due = state.schedules.filter((schedule) => schedule.State === 'ENABLED' && !schedule.completed && schedule.dueOnClock <= now());
    if (due.length === 0) return [];
    const started: { run: ScheduleRun; done: Promise<void> }[] = [];
    for (const schedule of due) {
      const dueAt = schedule.dueAt;
      if (schedule.recurs) {
        // Recurring: due again at the next occurrence after this one, on the stand-in's clock. A clock moved past
        // many occurrences runs it once (as Scheduler runs no missed occurrences), then from the clock's time on.
        let next = nextRecurrence(schedule.recurs, new Date(schedule.dueOnClock)).getTime();
        const step = (schedule.recurs.everyMinutes ?? 0) * 60_000;
        if (step && next <= now()) next += Math.ceil((now() - next + 1) / step) * step;
        schedule.dueAt = schedule.dueOnClock = next;
      } else if (schedule.ActionAfterCompletion === 'DELETE') {
        // As in AWS, the schedule completes once its target has the event (Lambda queues it): delete, or keep as completed.
        state.schedules.splice(state.schedules.indexOf(schedule), 1);
      } else schedule.completed = true;
      const run: ScheduleRun = {
        name: schedule.Name,
        group: schedule.GroupName,
        kind: kindOfTarget.get(schedule.Target.Arn) ?? null,
        scheduledTime: scheduledTimeOf(dueAt),
        firedAt: new Date(now()).toISOString(),
        executionId: randomBytes(8).toString('hex'),
        status: 'running',
        attempts: 0,
      };
      state.runs.push(run);
      if (state.runs.length > HISTORY_LIMIT) state.runs.shift();
      const done: Promise<void> = invoke(schedule, run)
        .catch((error: unknown) => {
          run.error = String(error);
          deadLetter(run, null, null);
        })
        .finally(() => {
          inFlight.delete(done);
          persist();
        });
      inFlight.add(done);
      started.push({ run, done });
    }
    persist();
    return started;
  };

  /**
   * The recurring kinds' schedules (the shared table's `weekly` or `everyMinutes`), as the CDK schedules stack makes
   * them in AWS: one per kind, named after it, in the stage's group. One kept from an earlier start keeps its next
   * time, unless that passed while the stage was stopped (Scheduler does not run missed occurrences either).
   */
  for (const [kind, definition] of Object.entries(kinds)) {
    const expression = recurrenceExpression(definition);
    if (!expression) continue;
    const recurs: Recurrence = definition.weekly ? { weekly: definition.weekly } : { everyMinutes: definition.everyMinutes };
    const existing = find(groupName, kind);
    if (existing?.recurs && existing.ScheduleExpression === expression && existing.dueOnClock > now()) continue;
    if (existing) state.schedules.splice(state.schedules.indexOf(existing), 1);
    const next = nextRecurrence(recurs, new Date(now())).getTime();
    state.schedules.push({
      Name: kind,
      GroupName: groupName,
      Arn: scheduleArn(groupName, kind),
      ScheduleExpression: expression,
      ScheduleExpressionTimezone: 'UTC',
      Description: `${recurrenceDescription(recurs)}: ${kind}`,
      State: 'ENABLED',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'NONE',
      Target: { Arn: targets[kind]!, RoleArn: roleArn, Input: JSON.stringify({ kind, payload: {}, ...SCHEDULER_CONTEXT }), DeadLetterConfig: { Arn: deadLetterArn } },
      CreationDate: Date.now(),
      LastModificationDate: Date.now(),
      dueAt: next,
      dueOnClock: next,
      recurs,
    });
  }
  persist();

  /** Runs what is due, then what those runs made due, until nothing is left; answers with every run it started. */
  const settle = async () => {
    const runs: ScheduleRun[] = [];
    await Promise.allSettled([...inFlight]);
    for (let round = 0; round < SETTLE_ROUNDS; round += 1) {
      const started = fireDue();
      if (started.length === 0) break;
      runs.push(...started.map(({ run }) => run));
      await Promise.allSettled(started.map(({ done }) => done));
    }
    return runs;
  };

  const readSchedule = (name: string, body: Record<string, unknown>, existing?: StoredSchedule): StoredSchedule => {
    const group = optionalString(body.GroupName, 'GroupName', 64) ?? 'default';
    if (!SCHEDULE_NAME_PATTERN.test(group)) throw invalid(`GroupName ${group} must match [0-9a-zA-Z-_.]+ and be 1 to 64 characters long.`);
    if (!groups.has(group)) throw new ApiError(404, 'ResourceNotFoundException', `Schedule group ${group} does not exist.`);
    const expression = optionalString(body.ScheduleExpression, 'ScheduleExpression', 256);
    if (!expression) throw invalid('ScheduleExpression is required.');
    const zone = optionalString(body.ScheduleExpressionTimezone, 'ScheduleExpressionTimezone', 50);
    if (zone && !intlKnowsZone(zone)) throw invalid(`Invalid ScheduleExpressionTimezone ${zone}.`);
    const dueAt = parseAtExpression(expression, zone ?? 'UTC');
    // Only the wall clock counts here: a moved local clock must not make a caller's correct time look past.
    if (dueAt < Date.now() - 1000) throw invalid(`The one-time schedule ${expression} is in the past.`);
    const window = body.FlexibleTimeWindow as StoredSchedule['FlexibleTimeWindow'] | undefined;
    if (!window || typeof window !== 'object') throw invalid('FlexibleTimeWindow is required.');
    const mode = oneOf(window.Mode, 'FlexibleTimeWindow.Mode', ['OFF', 'FLEXIBLE'] as const);
    if (!mode) throw invalid('FlexibleTimeWindow.Mode is required.');
    const maxWindow = intIn(window.MaximumWindowInMinutes, 'FlexibleTimeWindow.MaximumWindowInMinutes', 1, 1440);
    if (mode === 'FLEXIBLE' && maxWindow === undefined) throw invalid('MaximumWindowInMinutes is required when FlexibleTimeWindow.Mode is FLEXIBLE.');
    if (mode === 'OFF' && maxWindow !== undefined) throw invalid('MaximumWindowInMinutes must not be set when FlexibleTimeWindow.Mode is OFF.');
    const target = body.Target as Target | undefined;
    if (!target || typeof target !== 'object') throw invalid('Target is required.');
    const arn = optionalString(target.Arn, 'Target.Arn', 1600);
    if (!arn) throw invalid('Target.Arn is required.');
    const role = optionalString(target.RoleArn, 'Target.RoleArn', 1600);
    if (!role) throw invalid('Target.RoleArn is required.');
    if (!ROLE_ARN_PATTERN.test(role)) throw invalid(`Target.RoleArn ${role} is not an IAM role ARN.`);
    if (role !== roleArn) throw new ApiError(403, 'AccessDeniedException', `The caller may pass only ${roleArn} (iam:PassRole), not ${role}.`);
    optionalString(target.Input, 'Target.Input', 8192);
    if (target.RetryPolicy !== undefined) {
      intIn(target.RetryPolicy.MaximumEventAgeInSeconds, 'Target.RetryPolicy.MaximumEventAgeInSeconds', 60, 86400);
      intIn(target.RetryPolicy.MaximumRetryAttempts, 'Target.RetryPolicy.MaximumRetryAttempts', 0, 185);
    }
    if (target.DeadLetterConfig?.Arn !== undefined && !SQS_ARN_PATTERN.test(String(target.DeadLetterConfig.Arn))) {
      throw invalid(`Target.DeadLetterConfig.Arn ${String(target.DeadLetterConfig.Arn)} is not an SQS queue ARN.`);
    }
    const at = Date.now();
    return {
      Name: name,
      GroupName: group,
      Arn: scheduleArn(group, name),
      ScheduleExpression: expression,
      ScheduleExpressionTimezone: zone,
      Description: optionalString(body.Description, 'Description', 512),
      State: oneOf(body.State, 'State', ['ENABLED', 'DISABLED'] as const) ?? 'ENABLED',
      FlexibleTimeWindow: { Mode: mode, ...(maxWindow === undefined ? {} : { MaximumWindowInMinutes: maxWindow }) },
      ActionAfterCompletion: oneOf(body.ActionAfterCompletion, 'ActionAfterCompletion', ['NONE', 'DELETE'] as const) ?? 'NONE',
      Target: target,
      KmsKeyArn: optionalString(body.KmsKeyArn, 'KmsKeyArn', 2048),
      StartDate: typeof body.StartDate === 'number' ? body.StartDate : undefined,
      EndDate: typeof body.EndDate === 'number' ? body.EndDate : undefined,
      ClientToken: typeof body.ClientToken === 'string' ? body.ClientToken : undefined,
      CreationDate: existing?.CreationDate ?? at,
      LastModificationDate: at,
      dueAt,
      dueOnClock: dueAt + state.clockOffsetMs,
    };
  };

  const describe = (schedule: StoredSchedule) => ({
    Arn: schedule.Arn,
    Name: schedule.Name,
    GroupName: schedule.GroupName,
    ScheduleExpression: schedule.ScheduleExpression,
    ScheduleExpressionTimezone: schedule.ScheduleExpressionTimezone,
    Description: schedule.Description,
    State: schedule.State,
    FlexibleTimeWindow: schedule.FlexibleTimeWindow,
    ActionAfterCompletion: schedule.ActionAfterCompletion,
    Target: schedule.Target,
    KmsKeyArn: schedule.KmsKeyArn,
    StartDate: schedule.StartDate,
    EndDate: schedule.EndDate,
    CreationDate: schedule.CreationDate / 1000,
    LastModificationDate: schedule.LastModificationDate / 1000,
  });

  const parseBody = async (req: IncomingMessage) => {
    const text = await readText(req);
    try {
      const body = JSON.parse(text || '{}') as unknown;
      if (body && typeof body === 'object' && !Array.isArray(body)) return body as Record<string, unknown>;
    } catch {
      // answered below
    }
    throw new ApiError(400, 'SerializationException', 'The request body is not a JSON object.');
  };

  const nameFrom = (encoded: string) => {
    const name = decodeURIComponent(encoded);
    if (!SCHEDULE_NAME_PATTERN.test(name)) throw invalid(`Name ${name} must match [0-9a-zA-Z-_.]+ and be 1 to 64 characters long.`);
    return name;
  };

  const api = async (req: IncomingMessage, res: ServerResponse, url: URL) => {
    const method = req.method ?? 'GET';
    const one = /^\/schedules\/([^/]+)$/.exec(url.pathname);
    if (one) {
      const name = nameFrom(one[1]!);
      const groupQuery = url.searchParams.get('groupName') ?? 'default';
      if (method === 'POST') {
        const schedule = readSchedule(name, await parseBody(req));
        const existing = find(schedule.GroupName, name);
        if (existing) {
          // A retry of the same request (the SDK keeps its ClientToken) succeeds again, as in AWS.
          if (schedule.ClientToken && existing.ClientToken === schedule.ClientToken) return sendJson(res, 200, { ScheduleArn: existing.Arn });
          throw new ApiError(409, 'ConflictException', `Schedule ${name} already exists.`);
        }
        state.schedules.push(schedule);
        persist();
        return sendJson(res, 200, { ScheduleArn: schedule.Arn });
      }
      if (method === 'PUT') {
        const body = await parseBody(req);
        const group = typeof body.GroupName === 'string' ? body.GroupName : 'default';
        const existing = find(group, name);
        if (!existing) throw new ApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        const schedule = readSchedule(name, body, existing);
        state.schedules[state.schedules.indexOf(existing)] = schedule;
        persist();
        return sendJson(res, 200, { ScheduleArn: schedule.Arn });
      }
      if (method === 'GET' || method === 'DELETE') {
        if (!groups.has(groupQuery)) throw new ApiError(404, 'ResourceNotFoundException', `Schedule group ${groupQuery} does not exist.`);
        const existing = find(groupQuery, name);
        if (!existing) throw new ApiError(404, 'ResourceNotFoundException', `Schedule ${name} does not exist.`);
        if (method === 'GET') return sendJson(res, 200, describe(existing));
        state.schedules.splice(state.schedules.indexOf(existing), 1);
        persist();
        return sendJson(res, 200, {});
      }
    }
    if (url.pathname === '/schedules' && method === 'GET') {
      const group = url.searchParams.get('ScheduleGroup');
      const prefix = url.searchParams.get('NamePrefix') ?? '';
      const wanted = oneOf(url.searchParams.get('State') ?? undefined, 'State', ['ENABLED', 'DISABLED'] as const);
      const max = intIn(url.searchParams.has('MaxResults') ? Number(url.searchParams.get('MaxResults')) : undefined, 'MaxResults', 1, 100) ?? 100;
      const start = Number(url.searchParams.get('NextToken') ?? 0);
      if (!Number.isInteger(start) || start < 0) throw invalid('NextToken is not valid.');
      const matching = state.schedules
        .filter((schedule) => (!group || schedule.GroupName === group) && schedule.Name.startsWith(prefix) && (!wanted || schedule.State === wanted))
        .sort((a, b) => key(a.GroupName, a.Name).localeCompare(key(b.GroupName, b.Name)));
      const page = matching.slice(start, start + max);
      return sendJson(res, 200, {
        Schedules: page.map((schedule) => ({
          Arn: schedule.Arn,
          Name: schedule.Name,
          GroupName: schedule.GroupName,
          State: schedule.State,
          CreationDate: schedule.CreationDate / 1000,
          LastModificationDate: schedule.LastModificationDate / 1000,
          Target: { Arn: schedule.Target.Arn },
        })),
        ...(start + max < matching.length ? { NextToken: String(start + max) } : {}),
      });
    }
    throw new ApiError(404, 'UnknownOperationException', `The local scheduler has no ${method} ${url.pathname}.`);
  };

  const view = () => ({
    now: new Date(now()).toISOString(),
    clockOffsetMs: state.clockOffsetMs,
    schedules: state.schedules.map((schedule) => ({
      name: schedule.Name,
      group: schedule.GroupName,
      kind: kindOfTarget.get(schedule.Target.Arn) ?? null,
      dueAt: new Date(schedule.dueAt).toISOString(),
      dueOnClock: new Date(schedule.dueOnClock).toISOString(),
      state: schedule.State,
      actionAfterCompletion: schedule.ActionAfterCompletion,
      completed: schedule.completed ?? false,
      input: schedule.Target.Input,
    })),
    runs: state.runs,
    deadLetters,
  });

  const moveClock = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await parseBody(req);
    let target: number;
    if (typeof body.advanceMs === 'number' && Number.isFinite(body.advanceMs) && body.advanceMs >= 0) target = now() + body.advanceMs;
    else if (typeof body.now === 'string' && !Number.isNaN(Date.parse(body.now))) target = Date.parse(body.now);
    else return sendJson(res, 400, { message: 'Send {"advanceMs": <milliseconds ≥ 0>} or {"now": "<ISO date-time>"}.' });
    if (target < now()) return sendJson(res, 400, { message: `The clock only moves forward; it reads ${new Date(now()).toISOString()}.` });
    state.clockOffsetMs = target - Date.now();
    persist();
    const runs = await settle();
    sendJson(res, 200, { now: new Date(now()).toISOString(), runs });
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // Local-only views and controls for tests and debugging; AWS has the console, CloudWatch and the dead-letter queue.
    if (url.pathname.startsWith('/_local/')) {
      if (req.method === 'GET' && url.pathname === '/_local/schedules') return sendJson(res, 200, view());
      if (req.method === 'POST' && url.pathname === '/_local/clock') {
        return void moveClock(req, res).catch((error: unknown) => sendJson(res, 400, { message: error instanceof Error ? error.message : String(error) }));
      }
      return sendJson(res, 404, { message: 'Not found' });
    }
    const lambda = /^\/2015-03-31\/functions\/([^/]+)\/invocations$/.exec(url.pathname);
    const answer = lambda && req.method === 'POST' ? invokeFunction(req, res, lambda[1]!) : api(req, res, url);
    answer.catch((error: unknown) => {
      if (error instanceof ApiError) return sendError(res, error);
      console.error('[scheduler]', error);
      sendError(res, new ApiError(500, 'InternalServerException', 'The local scheduler failed.'));
    });
  });
  const port = await listen(server, 0, '127.0.0.1');
  const timer = setInterval(() => void fireDue(), tickMs);
  timer.unref();
  persist();

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    groupName,
    roleArn,
    deadLetterArn,
    targets,
    stateFile,
    deadLetterFile,
    environment: {
      AWS_ENDPOINT_URL_SCHEDULER: endpoint,
      [scheduleEnv.groupName]: groupName,
      [scheduleEnv.roleArn]: roleArn,
      [scheduleEnv.deadLetterArn]: deadLetterArn,
      [scheduleEnv.targets]: JSON.stringify(targets),
    },
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await Promise.allSettled([...inFlight]);
      persist();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
