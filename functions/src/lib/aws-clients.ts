import { NodeHttpHandler } from '@smithy/node-http-handler';
// Not from the package's index: see ./dynamo.ts.
import { DEFAULT_TIMEOUT_SECONDS } from '@mentoring/shared/route-contract';

/**
 * The function's own timeout, as its route or rule table entry sets it: AppFunction and the local stage pass it
 * as FUNCTION_TIMEOUT_SECONDS (Lambda does not tell a function its timeout, only the time left).
 */
export const functionTimeoutMs = () => {
  const seconds = Number(process.env.FUNCTION_TIMEOUT_SECONDS);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_TIMEOUT_SECONDS) * 1000;
};

/** Kept back from the function's time for the answer itself (logging, metrics, the 503). */
const ANSWER_MARGIN_MS = 1500;
/** A TCP connection to an AWS endpoint in the same region takes milliseconds; one that takes a second will not come. */
const CONNECTION_TIMEOUT_MS = 1000;

export interface SdkClientOptions {
  /** Tries in all, retries included (the SDK's standard mode). */
  maxAttempts?: number;
}

/**
 * What every AWS SDK client of this project is made with: a connection and a request timeout chosen so that
 * all of its attempts end before the function's timeout. A dependency that hangs (DynamoDB frozen, an endpoint
 * black-holed) then surfaces as the SDK's TimeoutError, which the handler factory answers with 503
 * `unavailable` in the documented shape, rather than Lambda killing the function with an answer of its own.
 */
export const sdkClientConfig = ({ maxAttempts = 2 }: SdkClientOptions = {}) => {
  const budget = Math.max(1000, functionTimeoutMs() - ANSWER_MARGIN_MS);
  const requestTimeout = Math.max(500, Math.floor(budget / maxAttempts) - CONNECTION_TIMEOUT_MS);
  return {
    maxAttempts,
    requestHandler: new NodeHttpHandler({
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout,
      // Without it the SDK only warns when requestTimeout passes, and keeps waiting.
      throwOnRequestTimeout: true,
    }),
  };
};

const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * Whether an error means a dependency did not answer (in time, or at all), rather than a bug or a refusal:
 * the SDK's and middy's TimeoutError, and the socket errors of an endpoint that is down.
 */
export const isUnavailable = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError' || error.name === 'RequestTimeout' || error.name === 'AbortError') return true;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  return error.cause !== undefined && error.cause !== error && isUnavailable(error.cause);
};
