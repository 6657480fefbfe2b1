/**
 * A group session's Stream call, made and kept by the server: Stream's `livestream` for a workshop, `audio_room`
 * for an open circle, with backstage on (only hosts before going live) and raised hands allowed (the audience asks
 * for `send-audio`, and on a workshop `send-video`, which the host grants). Call member roles: the host and co-hosts
 * `host`, speakers `speaker`, those with a place `user`.
 */
import { GROUP_CALL_TYPES, groupCallId, type GroupSessionKind } from '@mentoring/shared';
import { streamServerClient } from '../lib/stream/server-client';
import { memberStreamId } from '../lib/stream/stream-user-id';

export type CallRole = 'host' | 'speaker' | 'user';

export { groupCallId };

export interface CallPlan {
  id: string;
  kind: GroupSessionKind;
  startsAt: string;
  hostId: string;
  coHostIds: readonly string[];
  speakerIds: readonly string[];
}

const callOf = async (kind: GroupSessionKind, groupSessionId: string) => (await streamServerClient()).video.call(GROUP_CALL_TYPES[kind], groupCallId(groupSessionId));

/** Makes the call (or finds it: the id is the session's, so a retry meets the same call). */
export const createGroupCall = async (plan: CallPlan) => {
  const call = await callOf(plan.kind, plan.id);
  await call.getOrCreate({
    data: {
      created_by_id: memberStreamId(plan.hostId),
      starts_at: new Date(plan.startsAt),
      custom: { groupSessionId: plan.id },
      members: [
        { user_id: memberStreamId(plan.hostId), role: 'host' },
        ...plan.coHostIds.map((id) => ({ user_id: memberStreamId(id), role: 'host' })),
        ...plan.speakerIds.map((id) => ({ user_id: memberStreamId(id), role: 'speaker' })),
      ],
      settings_override: {
        backstage: { enabled: true, join_ahead_time_seconds: 0 },
        audio: { access_request_enabled: true, default_device: 'speaker' },
        ...(plan.kind === 'workshop' ? { video: { access_request_enabled: true } } : {}),
        // Offered, never on by itself: the room starts them once everyone on stage consented (consent-guard.ts).
        recording: { mode: 'available' },
        transcription: { mode: 'available', closed_caption_mode: 'available' },
        // Not broadcast until a coordinator makes the workshop public (setCallBroadcast): a livestream's defaults would
        // offer its host an HLS broadcast that no page shows.
        broadcasting: { enabled: false, hls: { enabled: false, auto_on: false, quality_tracks: ['720p'] } },
      },
    },
  });
};

export const setCallMember = async (kind: GroupSessionKind, groupSessionId: string, memberId: string, role: CallRole) =>
  (await callOf(kind, groupSessionId)).updateCallMembers({ update_members: [{ user_id: memberStreamId(memberId), role }] });

export const removeCallMember = async (kind: GroupSessionKind, groupSessionId: string, memberId: string) =>
  (await callOf(kind, groupSessionId)).updateCallMembers({ remove_members: [memberStreamId(memberId)] });

/** Stops the call's recording (of the type Stream reported) or its transcription. */
export const stopCallRecording = async (kind: GroupSessionKind, groupSessionId: string, what: { recording: 'composite' | 'individual' | 'raw' } | 'transcription') => {
  const call = await callOf(kind, groupSessionId);
  if (what === 'transcription') await call.stopTranscription();
  else await call.stopRecording({ recording_type: what.recording });
};

export const endGroupCall = async (kind: GroupSessionKind, groupSessionId: string) => (await callOf(kind, groupSessionId)).end();

/**
 * A public workshop's call broadcasts over HLS from the moment the host goes live (Stream's `broadcasting.hls.auto_on`
 * starts it with go-live); made private again, a running broadcast stops.
 */
export const setCallBroadcast = async (kind: GroupSessionKind, groupSessionId: string, on: boolean) => {
  const call = await callOf(kind, groupSessionId);
  await call.update({ settings_override: { broadcasting: { enabled: on, hls: { enabled: on, auto_on: on, quality_tracks: ['720p'] } } } });
  if (!on && (await callBroadcastUrl(kind, groupSessionId))) await call.stopHLSBroadcasting();
};

/** The call's HLS playlist while it is broadcast (Stream's `egress.hls.playlist_url`), else undefined. */
export const callBroadcastUrl = async (kind: GroupSessionKind, groupSessionId: string) => {
  // Read loosely: a call Stream answers without egress (never started) is one that does not broadcast.
  const { call } = (await (await callOf(kind, groupSessionId)).get()) as { call?: { egress?: { broadcasting?: boolean; hls?: { playlist_url?: string } } } };
  return call?.egress?.broadcasting && call.egress.hls?.playlist_url ? call.egress.hls.playlist_url : undefined;
};
