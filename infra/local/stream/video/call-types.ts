/**
 * The call types the stand-in knows, with the settings and role capabilities of Stream's `default` type as a new
 * app has them (the parts the clients read). Calls of any other type are refused as Stream refuses an unknown type.
 */
export type Settings = Record<string, Record<string, unknown>>;

export const defaultCallSettings = (): Settings => ({
  audio: {
    access_request_enabled: true,
    default_device: 'speaker',
    hifi_audio_enabled: false,
    mic_default_on: true,
    noise_cancellation: { mode: 'available' },
    opus_dtx_enabled: true,
    redundant_coding_enabled: true,
    speaker_default_on: true,
  },
  backstage: { enabled: false },
  broadcasting: { enabled: false, hls: { auto_on: false, enabled: false, quality_tracks: ['720p'] }, rtmp: { enabled: false, quality: '720p' } },
  encryption: { mode: 'disabled' },
  frame_recording: { capture_interval_in_seconds: 10, mode: 'disabled' },
  geofencing: { names: [] },
  individual_recording: { mode: 'disabled' },
  limits: { max_participants_exclude_roles: [] },
  raw_recording: { mode: 'disabled' },
  recording: { audio_only: false, mode: 'available', quality: '720p' },
  ring: { auto_cancel_timeout_ms: 30000, incoming_call_timeout_ms: 30000, missed_call_timeout_ms: 30000 },
  screensharing: { access_request_enabled: true, enabled: true, target_resolution: { width: 1920, height: 1080, bitrate: 3000000 } },
  session: { inactivity_timeout_seconds: 30 },
  thumbnails: { enabled: false },
  transcription: { closed_caption_mode: 'available', language: 'auto', mode: 'available' },
  video: {
    access_request_enabled: true,
    camera_default_on: true,
    camera_facing: 'front',
    enabled: true,
    target_resolution: { width: 1280, height: 720, bitrate: 1500000 },
  },
});

const member = [
  'create-reaction', 'join-call', 'read-call', 'screenshare', 'send-audio', 'send-video', 'enable-noise-cancellation',
  'start-record-call', 'stop-record-call', 'start-transcription-call', 'stop-transcription-call',
  'start-closed-captions-call', 'stop-closed-captions-call', 'update-call', 'end-call',
];
const admin = [
  ...member, 'block-users', 'create-call', 'join-ended-call', 'kick-user', 'mute-users', 'pin-for-everyone',
  'remove-call-member', 'update-call-member', 'update-call-permissions', 'update-call-settings', 'change-max-duration',
];

/** Capabilities by role, as the default type grants them (`user` may create calls; a `guest` may only take part). */
export const capabilitiesByRole: Record<string, string[]> = {
  admin,
  host: admin,
  call_member: member,
  user: [...member, 'create-call'],
  guest: ['create-reaction', 'join-call', 'read-call', 'screenshare', 'send-audio', 'send-video', 'enable-noise-cancellation'],
  anonymous: ['read-call'],
};

export const knownCallTypes = new Set(['default', 'audio_room', 'livestream', 'development']);

export const capabilitiesOf = (roles: string[]) => [...new Set(roles.flatMap((role) => capabilitiesByRole[role] ?? []))].sort();

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A settings_override applies field by field over the current settings, as Stream merges it. */
export const mergeSettings = (base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> => {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = isObject(value) && isObject(base[key]) ? mergeSettings(base[key], value) : value;
  }
  return merged;
};
