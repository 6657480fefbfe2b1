import { z } from 'zod';
import { callFeatureEvents, type CallFeature } from '@mentoring/shared';
import { eventHandler } from '../../lib/events/handler';
import { emitMetric } from '../../lib/metrics';
import { logger, metrics } from '../../lib/powertools';
import { recordCallEvent, recordHistory, setFeatureFlag, stopWithoutConsent } from '../../calls';
import { stopGroupRecordingWithoutConsent } from '../../group-sessions';
import { callEventSchema } from '../../lib/stream/events';

// A recording type this code does not know is not a reason to drop the flag change: the stop then uses composite.
const startedEventSchema = callEventSchema.extend({ recording_type: z.enum(['composite', 'individual', 'raw']).nullish().catch(null) });

const featureOf = (type: string) =>
  (Object.entries(callFeatureEvents) as [CallFeature, readonly string[]][]).find(([, types]) => types.includes(type))?.[0];

/** Started switches a feature's flag on; stopped and failed switch it off (docs/product-spec.md, point 4). */
export const handler = eventHandler(startedEventSchema, async ({ detailType, detail }) => {
  const feature = featureOf(detailType);
  if (!feature) throw new Error(`No call feature is switched by ${detailType}`);
  const failed = detailType.endsWith('_failed');
  const changed = await setFeatureFlag(detail.call_cid, feature, { on: detailType.endsWith('_started'), at: detail.created_at, failed });
  await recordHistory(detail.call_cid, { type: detailType, at: detail.created_at });
  if (detailType === 'call.recording_started' || detailType === 'call.transcription_started') {
    // A pair's call waits for both of the pair, a group session's for everyone on stage; any other call is neither.
    await stopWithoutConsent(detailType, detail.call_cid, detail.recording_type);
    await stopGroupRecordingWithoutConsent(detailType, detail.call_cid, detail.recording_type);
  }
  // A mentorship call's session says its recording or transcript failed, rather than waiting for one forever.
  if (detailType === 'call.recording_failed' || detailType === 'call.transcription_failed') await recordCallEvent(detailType, detail);
  if (!changed) return;
  // One metric per state change; the failed one has an alarm on it (events stack), so it keeps only the service dimension.
  metrics.addMetadata('feature', feature);
  if (failed) emitMetric('CallFeatureFailed', 1);
  else emitMetric('CallFeatureChanged', 1);
  if (failed) logger.warn('A call feature failed', { cid: detail.call_cid, feature, detailType });
});
