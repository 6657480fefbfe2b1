/**
 * The server's side of recording consent (docs/domain.md, Safeguarding): the call UI does not offer to start a
 * mentorship call's recording or transcription before everyone present consented; a new call of a mentorship
 * gets both `available` (never `auto-on`), and a start that happens anyway (another client, the API) is
 * stopped as soon as Stream reports it. Called by the consumers of call.created and of the started events.
 */
import { mentorshipIdOfCall } from '@mentoring/shared';
import { logger } from '../lib/powertools';
import { splitCid } from './repository';
import { getMentorship } from '../mentorships';
import { getRecordedSession, listFacts } from '../sessions';
import { streamServerClient } from '../lib/stream/server-client';
import { memberStreamId } from '../lib/stream/stream-user-id';
import { missingConsents } from './record';

const mentorshipCall = (cid: string) => {
  const { type, id } = splitCid(cid);
  return mentorshipIdOfCall(type, id) ? { type, id, mentorshipId: mentorshipIdOfCall(type, id)! } : null;
};

export const keepRecordingOff = async (cid: string) => {
  const call = mentorshipCall(cid);
  if (!call) return;
  await (await streamServerClient()).video
    .call(call.type, call.id)
    .update({ settings_override: { recording: { mode: 'available' }, transcription: { mode: 'available', closed_caption_mode: 'available' } } });
};

export const stopWithoutConsent = async (detailType: 'call.recording_started' | 'call.transcription_started', cid: string, recordingType?: 'composite' | 'individual' | 'raw' | null) => {
  const call = mentorshipCall(cid);
  if (!call) return;
  const mentorship = await getMentorship(call.mentorshipId);
  if (!mentorship) return;
  const [item, facts] = await Promise.all([getRecordedSession(call.id), listFacts(call.id)]);
  const consented = new Set((item?.recordingConsent ?? []).map((consent) => memberStreamId(consent.memberId)));
  const missing = missingConsents(facts, [memberStreamId(mentorship.mentorId), memberStreamId(mentorship.menteeId)], consented);
  if (missing.length === 0) return;
  const stream = (await streamServerClient()).video.call(call.type, call.id);
  if (detailType === 'call.recording_started') await stream.stopRecording({ recording_type: recordingType ?? 'composite' });
  else await stream.stopTranscription();
  logger.warn('Stopped a recording or transcription started without everyone’s consent', { cid, detailType, missing: missing.length });
};
