import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_TIMEOUT_SECONDS, ORIGIN_VERIFY_ENV, needsEnvironment, scheduleEnv, type AuthMode, type BucketKey, type FunctionNeeds, type NeededResource, type TableKey } from '@mentoring/shared';

/**
 * What the local stage has to give its functions. Each handler gets only part of it: the common variables,
 * the Cognito ones when its auth mode reads a caller, and what its `needs` grant, as AppFunction sets them.
 */
export interface StageEnvironment {
  /** Every function's: region, credentials, endpoints, STAGE, APP_VERSION, POWERTOOLS_*. */
  common: Record<string, string>;
  /** Given to functions of `optional` and `required` routes, which verify ID tokens themselves. */
  cognito: Record<string, string>;
  tables: Record<TableKey, string>;
  buckets: Record<BucketKey, string>;
  eventBusName: string;
  /**
   * Locally a secret is its plain values (STREAM_API_KEY, STREAM_API_SECRET) rather than an ARN to read
   * (functions/src/lib/stream/credentials.ts reads either); absent when the machine has none.
   */
  secrets: { stream?: Record<string, string> };
  /** The local sender (`needs.email`); the SES stand-in's endpoint is in `common`. */
  mailFrom: string;
  /** cognito-local's pool, for `needs.userPool`. */
  userPoolId: string;
  /** The Scheduler stand-in's group, role, dead-letter and target ARNs (scheduleEnv), for `needs.schedules`. */
  schedules: Record<string, string>;
  /** The site's origin. Locally functions get it directly as SITE_URL instead of an SSM parameter to read. */
  siteUrl: string;
  /** The value the stage's front adds in the origin-verify header; API functions refuse requests without it. */
  originSecret?: string;
}

/** What a function is, as the route and rule tables describe it; event consumers have no auth mode. */
export interface FunctionEntry {
  handler: string;
  auth?: AuthMode;
  needs: FunctionNeeds;
  timeoutSeconds?: number;
}

/** Variables Lambda's own runtime gives every function, which Node and the SDK may read. */
const RUNTIME_VARIABLES = ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR'];

/** The environment one function runs with on the local stage: nothing its entry does not grant. */
export const functionEnvironment = (stage: StageEnvironment, entry: FunctionEntry, host: NodeJS.ProcessEnv = process.env) => {
  const env: Record<string, string> = {};
  for (const name of RUNTIME_VARIABLES) if (host[name] !== undefined) env[name] = host[name];
  Object.assign(env, stage.common, {
    AWS_LAMBDA_FUNCTION_NAME: `local-${entry.handler.replaceAll('/', '-')}`,
    FUNCTION_TIMEOUT_SECONDS: String(entry.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS),
  });
  // API functions (they have an auth mode; consumers have none), as AppFunction gives them in the api stack.
  if (entry.auth !== undefined && stage.originSecret) env[ORIGIN_VERIFY_ENV] = stage.originSecret;
  if (entry.auth !== undefined && entry.auth !== 'none') Object.assign(env, stage.cognito);
  const value = (resource: NeededResource): Record<string, string> | string | undefined => {
    switch (resource.kind) {
      case 'table':
        return stage.tables[resource.key];
      case 'bucket':
        return stage.buckets[resource.key];
      case 'secret':
        return stage.secrets[resource.name];
      case 'eventBus':
        return stage.eventBusName;
      case 'mail':
        return stage.mailFrom;
      case 'userPool':
        return stage.userPoolId;
      case 'siteUrl':
        return { SITE_URL: stage.siteUrl };
      case 'schedules':
        return stage.schedules[scheduleEnv[resource.part]];
    }
  };
  for (const { envVar, resource } of needsEnvironment(entry.needs)) {
    const given = value(resource);
    if (typeof given === 'string') env[envVar] = given;
    else if (given) Object.assign(env, given);
  }
  return env;
};

const scope = new AsyncLocalStorage<Record<string, string>>();
let installed = false;

/**
 * Makes `process.env` read the environment of the function running in the current async context, and the
 * process's own outside any. The handlers share one process (so calls stay in-process and fast), but each
 * sees only what its entry grants, as in Lambda: a missing grant fails here, not after a deploy.
 * A function's object lives as long as the stage, as a Lambda container's environment does, so a
 * module-level read at import (which runs inside the first invocation) sees that function's values.
 */
const installScopedEnv = () => {
  if (installed) return;
  installed = true;
  const host = process.env;
  const current = (): Record<string, string | undefined> => scope.getStore() ?? host;
  const owns = (env: object, name: string | symbol): name is string => typeof name === 'string' && Object.hasOwn(env, name);
  process.env = new Proxy(Object.create(null) as NodeJS.ProcessEnv, {
    get: (_target, name) => {
      const env = current();
      return owns(env, name) ? env[name] : undefined;
    },
    set: (_target, name, value) => {
      // As Node's own process.env does: every value becomes a string.
      if (typeof name === 'string') current()[name] = String(value);
      return true;
    },
    has: (_target, name) => owns(current(), name),
    deleteProperty: (_target, name) => {
      if (typeof name === 'string') delete current()[name];
      return true;
    },
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_target, name) => {
      const env = current();
      return owns(env, name) ? { value: env[name], writable: true, enumerable: true, configurable: true } : undefined;
    },
    defineProperty: (_target, name, descriptor) => {
      if (typeof name === 'string') current()[name] = String(descriptor.value);
      return true;
    },
  });
};

/** Runs `run` (loading the handler module included) with `env` as its process.env. */
export const withFunctionEnvironment = <T>(env: Record<string, string>, run: () => Promise<T>): Promise<T> => {
  installScopedEnv();
  return scope.run(env, run);
};

/**
 * One environment object per function, made on first use: the gateway and the bus call this per
 * invocation. Without a stage environment (unit tests that set process.env themselves), functions see
 * the process's own.
 */
export const functionEnvironments = (stage: StageEnvironment | undefined) => {
  const made = new Map<string, Record<string, string>>();
  return <T>(entry: FunctionEntry, run: () => Promise<T>): Promise<T> => {
    if (!stage) return run();
    let env = made.get(entry.handler);
    if (!env) {
      env = functionEnvironment(stage, entry);
      made.set(entry.handler, env);
    }
    return withFunctionEnvironment(env, run);
  };
};
