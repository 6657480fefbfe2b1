import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { Tracer } from '@aws-lambda-powertools/tracer';

/** One logger and one metrics instance per function; service and namespace come from the environment. */
export const logger = new Logger();
export const metrics = new Metrics({ logger });

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
