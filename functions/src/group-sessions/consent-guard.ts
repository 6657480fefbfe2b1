/**
 * The server's side of a group call's recording consent (docs/domain.md, "Group sessions"), as calls/consent-guard.ts
 * is a pair's: the call is made with recording and transcription `available`, never `auto-on`, the room offers to
 * start them only once everyone on stage consented, and a start that happens anyway (another client, the API) while
 * someone on stage in the call has not consented is stopped as soon as Stream reports it. On stage: the host,
 * co-hosts and speakers, and whoever of the audience the host brought up (their seat, from Stream's
 * call.permissions_updated); who is in the call is read from the session's ATTEND# stretches. The rest of the audience
 * is neither seen nor heard: never asked, so never waited for.
 */
import { groupSessionIdOfCall } from '@mentoring/shared';
import { logger } from '../lib/powertools';
import { getWithSeats, listAttendance, type ConsentItem, type GroupSessionItem, type AttendanceItem, type SeatItem } from './repository';
import { stopCallRecording } from './stream-call';

/**
 * Who on stage must still consent: those of the host, co-hosts, speakers and the audience brought up who are in the
 * call now; when the stretches know of none of them in it (the join webhooks may trail the start), all of them, which
 * is the stricter reading.
 */
export const missingStageConsents = (
  session: Pick<GroupSessionItem, 'hostId' | 'coHostIds' | 'speakerIds'>,
  seats: readonly Pick<SeatItem, 'memberId' | 'onStageAt' | 'removedAt'>[],
  stretches: readonly AttendanceItem[],
  consents: readonly ConsentItem[],
) => {
  const broughtUp = seats.filter((seat) => seat.onStageAt && !seat.removedAt).map((seat) => seat.memberId);
  const stage = [session.hostId, ...session.coHostIds, ...session.speakerIds, ...broughtUp];
  const inCall = new Set(stretches.filter((stretch) => stretch.leftAt === null).map((stretch) => stretch.memberId));
  const present = stage.filter((memberId) => inCall.has(memberId));
  const consented = new Set(consents.map((consent) => consent.memberId));
  return (present.length > 0 ? present : stage).filter((memberId) => !consented.has(memberId));
};

export const stopGroupRecordingWithoutConsent = async (detailType: 'call.recording_started' | 'call.transcription_started', cid: string, recordingType?: 'composite' | 'individual' | 'raw' | null) => {
  const [type = '', callId = ''] = cid.split(':');
  const id = groupSessionIdOfCall(type, callId);
  if (!id) return;
  const [found, stretches] = await Promise.all([getWithSeats(id), listAttendance(id)]);
  if (!found) return;
  const missing = missingStageConsents(found.session, found.seats, stretches, found.consents);
  if (missing.length === 0) return;
  await stopCallRecording(found.session.kind, id, detailType === 'call.recording_started' ? { recording: recordingType ?? 'composite' } : 'transcription');
  logger.warn('Stopped a group call’s recording or transcription started without the consent of everyone on stage', { cid, detailType, missing: missing.length });
};
