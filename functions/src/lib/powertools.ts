import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { Tracer } from '@aws-lambda-powertools/tracer';

/** One logger and one metrics instance per function; service and namespace come from the environment. */
export const logger = new Logger();

/**
 * Powertools warns "No application metrics to publish" after every invocation that added none, which most
 * handlers are; the local stage's terminal drowned in it. Said once per process (once per function in Lambda),
 * every other warning passes through.
 */
export const quietOnEmptyMetrics = (target: Logger) => {
  let told = false;
  const warn = (message: string, ...extra: unknown[]) => {
    if (message.startsWith('No application metrics to publish')) {
      if (told) return;
      told = true;
    }
    (target.warn as (message: string, ...extra: unknown[]) => void)(message, ...extra);
  };
  return { debug: target.debug.bind(target), info: target.info.bind(target), warn, error: target.error.bind(target) };
};

export const metrics = new Metrics({ logger: quietOnEmptyMetrics(logger) });

/**
 * X-Ray tracing, in Lambda only (Powertools' own rule: AWS_EXECUTION_ENV set, POWERTOOLS_TRACE_ENABLED not
 * "false"). Elsewhere the tracer is not even imported: loading aws-xray-sdk-core creates its cls-hooked
 * namespace, an async hook on every promise of the process, which the local stage and the tests would pay for.
 * A route with `powertoolsTracer: false` is bundled with TRACER_BUNDLED "false" (bundleDefines), which makes
 * the import dead code the bundler drops.
 */
const tracingEnabled = () => Boolean(process.env.AWS_EXECUTION_ENV) && process.env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() !== 'false';
export const tracer: Tracer | undefined =
  process.env.TRACER_BUNDLED !== 'false' && tracingEnabled() ? new (await import('@aws-lambda-powertools/tracer')).Tracer() : undefined;

/** An AWS SDK v3 client whose calls show as subsegments of the function's trace, where there is one. */
export const traced = <T>(client: T): T => (tracer ? tracer.captureAWSv3Client(client) : client);
