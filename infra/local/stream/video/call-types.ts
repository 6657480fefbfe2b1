/**
 * The call types the stand-in knows (`default`, `development`, `livestream`, `audio_room`), each with the settings
 * Stream documents for a new app (getstream.io/video/docs/api/call_types/builtin: backstage, access requests, audio
 * only, ring timeouts) and the capabilities each call role is granted. Stream documents the grants only as "set in the
 * dashboard"; the tables below are the stand-in's choice, read from the types' descriptions and the SDKs' sample apps
 * (docs/local-stage.md). A capability whose feature the stand-in does not imitate (RTMP out,
 * raw/frame/individual recording) is granted to nobody, so no control the SDKs gate on it is shown. HLS broadcasting
 * is on for `livestream` calls only (the type Stream makes for broadcasting); elsewhere its settings turn it off.
 */
export type Settings = Record<string, Record<string, unknown>>;

export type CallTypeName = 'default' | 'development' | 'livestream' | 'audio_room';

const typeNames: readonly CallTypeName[] = ['default', 'development', 'livestream', 'audio_room'];
export const knownCallTypes: ReadonlySet<string> = new Set(typeNames);
export const isCallType = (type: string): type is CallTypeName => knownCallTypes.has(type);

interface TypeDefaults {
  audioRequests: boolean;
  micOn: boolean;
  defaultDevice: 'speaker' | 'earpiece';
  backstage: boolean;
  video: boolean;
  videoRequests: boolean;
  cameraOn: boolean;
  screensharing: boolean;
  screenRequests: boolean;
  ringMs: number;
  /** HLS (the stand-in's choice: Stream's dashboard sets it; its docs name `livestream` as the type for broadcasting) */
  broadcasting: boolean;
}

/** The documented table of defaults per type ("Defaults for call type settings"). */
const documented: Record<CallTypeName, TypeDefaults> = {
  default: { audioRequests: true, micOn: true, defaultDevice: 'speaker', backstage: false, video: true, videoRequests: true, cameraOn: true, screensharing: true, screenRequests: true, ringMs: 15000, broadcasting: false },
  development: { audioRequests: true, micOn: true, defaultDevice: 'speaker', backstage: false, video: true, videoRequests: true, cameraOn: true, screensharing: true, screenRequests: true, ringMs: 15000, broadcasting: false },
  livestream: { audioRequests: false, micOn: false, defaultDevice: 'speaker', backstage: true, video: true, videoRequests: false, cameraOn: true, screensharing: true, screenRequests: false, ringMs: 0, broadcasting: true },
  audio_room: { audioRequests: true, micOn: false, defaultDevice: 'speaker', backstage: true, video: false, videoRequests: false, cameraOn: false, screensharing: false, screenRequests: false, ringMs: 0, broadcasting: false },
};

export const callTypeSettings = (type: string): Settings => {
  const d = documented[isCallType(type) ? type : 'default'];
  return {
    audio: {
      access_request_enabled: d.audioRequests,
      default_device: d.defaultDevice,
      hifi_audio_enabled: false,
      mic_default_on: d.micOn,
      noise_cancellation: { mode: 'available' },
      opus_dtx_enabled: true,
      redundant_coding_enabled: true,
      speaker_default_on: true,
    },
    backstage: { enabled: d.backstage, join_ahead_time_seconds: 0 },
    broadcasting: { enabled: d.broadcasting, hls: { auto_on: false, enabled: d.broadcasting, quality_tracks: ['720p'] }, rtmp: { enabled: false, quality: '720p' } },
    encryption: { mode: 'disabled' },
    frame_recording: { capture_interval_in_seconds: 10, mode: 'disabled' },
    geofencing: { names: [] },
    individual_recording: { mode: 'disabled' },
    limits: { max_participants_exclude_roles: [] },
    raw_recording: { mode: 'disabled' },
    recording: { audio_only: !d.video, mode: 'available', quality: '720p' },
    ring: { auto_cancel_timeout_ms: d.ringMs, incoming_call_timeout_ms: d.ringMs, missed_call_timeout_ms: d.ringMs },
    screensharing: { access_request_enabled: d.screenRequests, enabled: d.screensharing, target_resolution: { width: 1920, height: 1080, bitrate: 3000000 } },
    session: { inactivity_timeout_seconds: 30 },
    thumbnails: { enabled: false },
    transcription: { closed_caption_mode: 'available', language: 'auto', mode: 'available' },
    video: {
      access_request_enabled: d.videoRequests,
      camera_default_on: d.cameraOn,
      camera_facing: 'front',
      enabled: d.video,
      target_resolution: { width: 1280, height: 720, bitrate: 1500000 },
    },
  };
};

const media = ['send-audio', 'send-video', 'screenshare', 'enable-noise-cancellation'];
const watch = ['read-call', 'join-call', 'create-reaction'];
const recordAndTranscribe = [
  'start-record-call', 'stop-record-call', 'start-transcription-call', 'stop-transcription-call', 'start-closed-captions-call', 'stop-closed-captions-call',
];
const broadcast = ['start-broadcast-call', 'stop-broadcast-call'];
const moderate = [
  'block-users', 'kick-user', 'mute-users', 'pin-for-everyone', 'remove-call-member', 'update-call-member',
  'update-call-permissions', 'update-call-settings', 'join-ended-call', 'join-backstage', ...broadcast,
];
const participant = [...watch, ...media, ...recordAndTranscribe, 'update-call', 'end-call'];
const host = [...participant, ...moderate];

/** Call role → capabilities, per type; `user` is a user's own role, the others are call member roles. */
const grants: Record<CallTypeName, Record<string, string[]>> = {
  default: {
    admin: [...host, 'create-call'],
    host,
    moderator: host,
    speaker: participant,
    call_member: participant,
    user: [...participant, 'create-call'],
    guest: [...watch, ...media],
    anonymous: ['read-call'],
  },
  development: {
    admin: [...host, 'create-call'],
    host,
    moderator: host,
    speaker: host,
    call_member: host,
    user: [...host, 'create-call'],
    guest: host,
    anonymous: ['read-call'],
  },
  // "Access to calls is granted to all authenticated users": anyone watches; hosts broadcast from backstage.
  livestream: {
    admin: [...host, 'create-call'],
    host,
    moderator: host,
    speaker: [...watch, ...media],
    call_member: watch,
    user: [...watch, 'create-call'],
    guest: watch,
    anonymous: ['read-call'],
  },
  // Listeners ask to speak (send-audio), hosts grant it; a speaker may speak.
  audio_room: {
    admin: [...host, 'create-call'],
    host,
    moderator: host,
    speaker: [...watch, 'send-audio', 'enable-noise-cancellation'],
    call_member: watch,
    user: [...watch, 'create-call'],
    guest: watch,
    anonymous: ['read-call'],
  },
};

/** The capabilities a call's settings turn off, whatever the role (a type without video has no send-video). */
const disabledBySettings = (settings: Settings | undefined) => {
  const off = new Set<string>();
  if (!settings) return off;
  if (settings.video?.enabled === false) off.add('send-video');
  if (settings.screensharing?.enabled === false) off.add('screenshare');
  const broadcasting = settings.broadcasting as { enabled?: boolean; hls?: { enabled?: boolean } } | undefined;
  if (broadcasting?.enabled !== true || broadcasting.hls?.enabled !== true) for (const c of broadcast) off.add(c);
  if (settings.recording?.mode === 'disabled') for (const c of ['start-record-call', 'stop-record-call']) off.add(c);
  if (settings.transcription?.mode === 'disabled') for (const c of ['start-transcription-call', 'stop-transcription-call']) off.add(c);
  if (settings.transcription?.closed_caption_mode === 'disabled') for (const c of ['start-closed-captions-call', 'stop-closed-captions-call']) off.add(c);
  return off;
};

export const capabilitiesOf = (type: string, roles: string[], settings?: Settings) => {
  const table = grants[isCallType(type) ? type : 'default'];
  const off = disabledBySettings(settings);
  return [...new Set(roles.flatMap((role) => table[role] ?? []))].filter((c) => !off.has(c)).sort();
};

/** Every role's capabilities in a type, as `call.updated` carries them (`capabilities_by_role`). */
export const capabilitiesByRole = (type: string): Record<string, string[]> => ({ ...grants[isCallType(type) ? type : 'default'] });

/** The capabilities a member may ask for, when the call's settings allow asking (`access_request_enabled`). */
export const requestableCapabilities: Record<string, string> = { 'send-audio': 'audio', 'send-video': 'video', screenshare: 'screensharing' };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A settings_override applies field by field over the current settings, as Stream merges it. */
export const mergeSettings = (base: Record<string, unknown>, override: Record<string, unknown>): Record<string, unknown> => {
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(override)) {
    merged[key] = isObject(value) && isObject(base[key]) ? mergeSettings(base[key], value) : value;
  }
  return merged;
};
