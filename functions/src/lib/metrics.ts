import { Metrics, type MetricUnit } from '@aws-lambda-powertools/metrics';
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

type AlarmedMetricName = { [N in BusinessMetricName]: (typeof businessMetrics)[N] extends { alarm: string } ? N : never }[BusinessMetricName];

const alarmedMetrics = new Map<AlarmedMetricName, Metrics>();

/**
 * Publishes a metric the monitoring stack alarms on (an `alarm` in the shared table), at once and under the
 * fixed service its table entry names: every function may emit it, and one alarm must see all of them
 * (the invocation's own record carries the function's service name). The same data point also goes out with
 * the emitting function as a `function` dimension (a second record), so the dashboard shows which one, without an alarm each.
 */
export const emitAlarmedMetric = (name: AlarmedMetricName, value = 1) => {
  const definition = businessMetrics[name];
  let publisher = alarmedMetrics.get(name);
  if (!publisher) {
    publisher = new Metrics({ serviceName: definition.emittedIn.replaceAll('/', '-') });
    alarmedMetrics.set(name, publisher);
  }
  publisher.addMetric(name, definition.unit satisfies Unit, value);
  publisher.publishStoredMetrics();
  // A record of its own: Powertools puts added dimensions in every set of a record, and the alarm's has service alone.
  publisher.addDimensions({ function: process.env.POWERTOOLS_SERVICE_NAME ?? 'unknown' });
  publisher.addMetric(name, definition.unit satisfies Unit, value);
  publisher.publishStoredMetrics();
};
