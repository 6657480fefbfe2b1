import type { MetricUnit } from '@aws-lambda-powertools/metrics';
import { businessMetrics, type BusinessMetricDimensions, type BusinessMetricName } from '@mentoring/shared';
import { metrics } from './powertools';

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

/**
 * The one way a handler publishes a business metric: only names of the shared table (the dashboard graphs
 * them), with its unit and exactly its dimensions. Dimensions go on the invocation's record, which Powertools
 * clears when it publishes it, so a module that emits a metric with dimensions emits no other (metrics.test.ts
 * checks this). Not `singleMetric()`: that builds a Metrics instance per call (~0.3 ms measured) and leaves the
 * invocation's record empty, which Powertools then warns about in every invocation.
 */
export const emitMetric = <N extends BusinessMetricName>(
  name: N,
  value: number,
  ...[dimensions]: BusinessMetricDimensions<N> extends undefined ? [] : [BusinessMetricDimensions<N>]
) => {
  const unit = businessMetrics[name].unit satisfies Unit;
  if (dimensions) metrics.addDimensions(dimensions as Record<string, string>);
  metrics.addMetric(name, unit, value);
};
