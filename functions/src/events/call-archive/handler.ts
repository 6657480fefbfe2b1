import { eventHandler } from '../../lib/events/handler';
import { emitMetric } from '../../lib/metrics';
import { recordCallEvent, archiveArtifact } from '../../calls';
import { artifactReadySchema } from '../../lib/stream/events';

/** call.recording_ready and call.transcription_ready: keep the file before Stream's link expires. */
export const handler = eventHandler(artifactReadySchema, async ({ detailType, detail }) => {
  const kind = detailType === 'call.recording_ready' ? 'recording' : 'transcription';
  const file = kind === 'recording' ? detail.call_recording : detail.call_transcription;
  if (!file) throw new Error(`${detailType} carries no ${kind} file`);
  const callSessionId = file.session_id ?? detail.session_id;
  if (!callSessionId) throw new Error(`${detailType} names no call session`);
  const { archived, record } = await archiveArtifact({
    cid: detail.call_cid,
    kind,
    callSessionId,
    filename: file.filename,
    url: file.url,
    startTime: file.start_time ?? null,
    endTime: file.end_time ?? null,
  });
  if (archived) {
    emitMetric('ArtifactArchived', 1);
    emitMetric('ArtifactBytes', record.size);
  }
  // Once the file is ours, a mentorship call's session links it (the record says it has one; never a copy).
  await recordCallEvent(detailType, detail);
});
