import { callFeatureEvents, type CallFeature } from '@mentoring/shared';
import { eventHandler } from '../../lib/events/handler';
import { emitMetric } from '../../lib/metrics';
import { logger, metrics } from '../../lib/powertools';
import { recordHistory, setFeatureFlag } from '../../lib/repositories/calls';
import { callEventSchema } from '../../lib/stream/events';

const featureOf = (type: string) =>
  (Object.entries(callFeatureEvents) as [CallFeature, readonly string[]][]).find(([, types]) => types.includes(type))?.[0];

/** Started switches a feature's flag on; stopped and failed switch it off (docs/product-spec.md, point 4). */
export const handler = eventHandler(callEventSchema, async ({ detailType, detail }) => {
  const feature = featureOf(detailType);
  if (!feature) throw new Error(`No call feature is switched by ${detailType}`);
  const failed = detailType.endsWith('_failed');
  const changed = await setFeatureFlag(detail.call_cid, feature, { on: detailType.endsWith('_started'), at: detail.created_at, failed });
  await recordHistory(detail.call_cid, { type: detailType, at: detail.created_at });
  if (!changed) return;
  // One metric per state change; the failed one has an alarm on it (events stack), so it keeps only the service dimension.
  metrics.addMetadata('feature', feature);
  if (failed) emitMetric('CallFeatureFailed', 1);
  else emitMetric('CallFeatureChanged', 1);
  if (failed) logger.warn('A call feature failed', { cid: detail.call_cid, feature, detailType });
});
