import { mentorshipIdOfCall } from '@mentoring/shared';
import { z } from 'zod';
import { eventHandler } from '../../lib/events/handler';
import { logger } from '../../lib/powertools';
import { splitCid } from '../../lib/repositories/calls';
import { getMentorship } from '../../lib/repositories/mentorships';
import { getSessionItem, listFacts } from '../../lib/repositories/session-record';
import { missingConsents } from '../../lib/sessions/record';
import { callEventSchema } from '../../lib/stream/events';
import { streamServerClient } from '../../lib/stream/server-client';
import { memberStreamId } from '../../lib/stream/stream-user-id';

const startedSchema = callEventSchema.extend({ recording_type: z.enum(['composite', 'individual', 'raw']).nullish() });

/**
 * The server's side of recording consent (DOMAIN.md, Safeguarding): the call UI does not offer to start a
 * mentorship call's recording or transcription before everyone present consented, and a start that happens
 * anyway (another client, the API) is stopped here as soon as Stream reports it. A new call of a mentorship
 * gets recording and transcription `available` (never `auto-on`), so neither starts with the call.
 */
export const handler = eventHandler(startedSchema, async ({ detailType, detail }) => {
  const { type, id } = splitCid(detail.call_cid);
  const mentorshipId = mentorshipIdOfCall(type, id);
  if (!mentorshipId) return;
  const mentorship = await getMentorship(mentorshipId);
  if (!mentorship) return;
  if (detailType === 'call.created') {
    // Off by default: whatever the creating client asked for, neither starts by itself in a mentorship's call.
    await (await streamServerClient()).video
      .call(type, id)
      .update({ settings_override: { recording: { mode: 'available' }, transcription: { mode: 'available', closed_caption_mode: 'available' } } });
    return;
  }
  const [item, facts] = await Promise.all([getSessionItem(id), listFacts(id)]);
  const consented = new Set((item?.recordingConsent ?? []).map((consent) => memberStreamId(consent.memberId)));
  const missing = missingConsents(facts, [memberStreamId(mentorship.mentorId), memberStreamId(mentorship.menteeId)], consented);
  if (missing.length === 0) return;

  const call = (await streamServerClient()).video.call(type, id);
  if (detailType === 'call.recording_started') await call.stopRecording({ recording_type: detail.recording_type ?? 'composite' });
  else await call.stopTranscription();
  logger.warn('Stopped a recording or transcription started without everyone’s consent', { cid: detail.call_cid, detailType, missing: missing.length });
});
