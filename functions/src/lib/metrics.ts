import type { MetricUnit } from '@aws-lambda-powertools/metrics';
import { businessMetrics, type BusinessMetricDimensions, type BusinessMetricName } from '@mentoring/shared';
import { metrics } from './powertools';

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

/**
 * The one way a handler publishes a business metric: only names of the shared table (the dashboard graphs
 * them), with its unit and exactly its dimensions. A metric with dimensions leaves at once as its own
 * record, so its dimensions never spill onto the invocation's other metrics.
 */
export const emitMetric = <N extends BusinessMetricName>(
  name: N,
  value: number,
  ...[dimensions]: BusinessMetricDimensions<N> extends undefined ? [] : [BusinessMetricDimensions<N>]
) => {
  const unit = businessMetrics[name].unit satisfies Unit;
  if (!dimensions) {
    metrics.addMetric(name, unit, value);
    return;
  }
  const single = metrics.singleMetric();
  for (const [dimension, dimensionValue] of Object.entries(dimensions as Record<string, string>)) single.addDimension(dimension, dimensionValue);
  single.addMetric(name, unit, value);
};
