import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';

/** One logger and one metrics instance per function; service and namespace come from the environment. */
export const logger = new Logger();
export const metrics = new Metrics({ logger });
