import { z } from 'zod';
import type { Actor, StreamUser, VideoCoordinator } from './coordinator';
import { StreamApiError } from '../errors';

/** The request bodies the stand-in reads, checked as Stream checks them (unknown fields are ignored, as there). */
const custom = z.record(z.string(), z.unknown());
const member = z.looseObject({ user_id: z.string().min(1).max(255), role: z.string().min(1).max(64).optional(), custom: custom.optional() });
const callData = z.looseObject({
  members: z.array(member).max(100).optional(),
  custom: custom.optional(),
  settings_override: custom.optional(),
  starts_at: z.string().optional(),
  team: z.string().optional(),
  created_by_id: z.string().min(1).optional(),
  created_by: z.looseObject({ id: z.string().min(1) }).optional(),
});
const schemas = {
  getOrCreate: z.looseObject({ data: callData.optional(), ring: z.boolean().optional(), notify: z.boolean().optional(), video: z.boolean().optional() }),
  update: z.looseObject({ custom: custom.optional(), settings_override: custom.optional(), starts_at: z.string().optional() }),
  join: z.looseObject({ create: z.boolean().optional(), data: callData.optional(), ring: z.boolean().optional(), video: z.boolean().optional(), location: z.string().optional() }),
  ring: z.looseObject({ video: z.boolean().optional(), members_ids: z.array(z.string()).optional() }),
  reject: z.looseObject({ reason: z.string().max(256).optional() }),
  members: z.looseObject({ update_members: z.array(member).max(100).optional(), remove_members: z.array(z.string().min(1)).max(100).optional() }),
  queryMembers: z.looseObject({
    type: z.string().min(1),
    id: z.string().min(1),
    filter_conditions: z.record(z.string(), z.unknown()).optional(),
    sort: z.array(z.object({ field: z.string().min(1), direction: z.number().int().optional() })).optional(),
    limit: z.number().int().min(0).max(100).optional(),
    next: z.string().optional(),
  }),
  queryCalls: z.looseObject({
    filter_conditions: custom.optional(),
    sort: z.array(z.looseObject({ field: z.string(), direction: z.number().optional() })).optional(),
    limit: z.number().int().min(1).max(100).optional(),
  }),
  event: z.looseObject({ custom: custom.optional() }),
  muteUsers: z.looseObject({
    user_ids: z.array(z.string().min(1)).max(100).optional(), mute_all_users: z.boolean().optional(),
    audio: z.boolean().optional(), video: z.boolean().optional(), screenshare: z.boolean().optional(), screenshare_audio: z.boolean().optional(),
  }),
  user: z.looseObject({ user_id: z.string().min(1) }),
  deleteCall: z.looseObject({ hard: z.boolean().optional() }),
  kick: z.looseObject({ user_id: z.string().min(1), block: z.boolean().optional() }),
  pin: z.looseObject({ user_id: z.string().min(1), session_id: z.string().min(1) }),
  requestPermission: z.looseObject({ permissions: z.array(z.string().min(1)).min(1) }),
  userPermissions: z.looseObject({ user_id: z.string().min(1), grant_permissions: z.array(z.string().min(1)).optional(), revoke_permissions: z.array(z.string().min(1)).optional() }),
  startCaptions: z.looseObject({ enable_transcription: z.boolean().optional(), language: z.string().optional(), external_storage: z.string().optional() }),
  stopCaptions: z.looseObject({ stop_transcription: z.boolean().optional() }),
  startTranscription: z.looseObject({ enable_closed_captions: z.boolean().optional(), language: z.string().optional(), transcription_external_storage: z.string().optional() }),
  goLive: z.looseObject({ start_hls: z.boolean().optional(), start_recording: z.boolean().optional(), start_transcription: z.boolean().optional(), start_closed_caption: z.boolean().optional() }),
  stopLive: z.looseObject({ continue_hls: z.boolean().optional(), continue_recording: z.boolean().optional() }),
  reaction: z.looseObject({ type: z.string().min(1), emoji_code: z.string().optional(), custom: custom.optional(), user_id: z.string().min(1).optional() }),
};

const guest = z.looseObject({
  user: z.looseObject({ id: z.string().regex(/^[\w@-]{1,200}$/), name: z.string().max(200).optional(), image: z.string().max(2048).optional(), custom: custom.optional() }),
});

type Body = Record<string, unknown>;

const parse = <T extends z.ZodType>(endpoint: string, schema: T, body: Body): z.infer<T> => {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw new StreamApiError('inputError', `${endpoint} failed with error: "${issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid request'}"`);
};

const flag = (value: string | null) => value === 'true';

/**
 * The video API's routes (the path after /video or /api/v2/video), answering what Stream answers;
 * undefined for a route the stand-in does not imitate.
 */
export const routeVideoRequest = (c: VideoCoordinator, actor: Actor, method: string, path: string, body: Body, query: URLSearchParams): unknown => {
  if (method === 'POST' && path === '/calls') return c.queryCalls(actor, parse('QueryCalls', schemas.queryCalls, body));
  if (method === 'POST' && path === '/call/members') return c.queryMembers(actor, parse('QueryCallMembers', schemas.queryMembers, body));
  if (method === 'POST' && (path === '/call_client_event' || /^\/call\/[^/]+\/[^/]+\/(stats\/[^/]+|feedback|report)$/.test(path))) {
    return { duration: '0.10ms' }; // telemetry and feedback: accepted and dropped
  }
  const match = /^\/call\/([^/]+)\/([^/]+)(?:\/(.+))?$/.exec(path);
  if (!match) return undefined;
  const [, type = '', id = '', action] = match;
  if (!action) {
    if (method === 'GET') return c.getCall(actor, type, id, { ring: flag(query.get('ring')), notify: flag(query.get('notify')) });
    if (method === 'POST') return c.getOrCreate(actor, type, id, parse('GetOrCreateCall', schemas.getOrCreate, body));
    if (method === 'PATCH') return c.update(actor, type, id, parse('UpdateCall', schemas.update, body));
    return undefined;
  }
  if (method === 'GET') {
    if (action === 'ring_state') return c.ringState(actor, type, id, query.get('call_session_id') ?? undefined);
    if (action === 'recordings') return c.listArtifacts(actor, type, id, 'recording');
    if (action === 'transcriptions') return c.listArtifacts(actor, type, id, 'transcription');
    return undefined;
  }
  if (method !== 'POST') return undefined;
  const recording = /^recordings\/([^/]+)\/(start|stop)$/.exec(action);
  if (recording) {
    return recording[2] === 'start' ? c.startRecording(actor, type, id, recording[1]) : c.stopRecording(actor, type, id, recording[1]);
  }
  switch (action) {
    case 'join': return c.join(actor, type, id, parse('JoinCall', schemas.join, body));
    case 'ring': return c.ringCall(actor, type, id, parse('RingCall', schemas.ring, body));
    case 'accept': return c.accept(actor, type, id);
    case 'reject': return c.reject(actor, type, id, parse('RejectCall', schemas.reject, body));
    case 'mark_ended': return c.end(actor, type, id);
    case 'delete': return c.deleteCall(actor, type, id, parse('DeleteCall', schemas.deleteCall, body));
    case 'members': return c.updateMembers(actor, type, id, parse('UpdateCallMembers', schemas.members, body));
    case 'start_recording': return c.startRecording(actor, type, id);
    case 'stop_recording': return c.stopRecording(actor, type, id);
    case 'start_transcription': return c.startTranscription(actor, type, id, parse('StartTranscription', schemas.startTranscription, body));
    case 'start_closed_captions': return c.startClosedCaptions(actor, type, id, parse('StartClosedCaptions', schemas.startCaptions, body));
    case 'stop_closed_captions': return c.stopClosedCaptions(actor, type, id, parse('StopClosedCaptions', schemas.stopCaptions, body));
    case 'stop_transcription': return c.stopTranscription(actor, type, id);
    case 'event': return c.sendCustomEvent(actor, type, id, parse('SendCallEvent', schemas.event, body));
    case 'reaction': return c.sendReaction(actor, type, id, parse('SendVideoReaction', schemas.reaction, body));
    case 'go_live': return c.goLive(actor, type, id, parse('GoLive', schemas.goLive, body));
    case 'stop_live': return c.stopLive(actor, type, id, parse('StopLive', schemas.stopLive, body));
    case 'start_broadcasting': return c.startBroadcasting(actor, type, id);
    case 'stop_broadcasting': return c.stopBroadcasting(actor, type, id);
    case 'mute_users': return c.muteUsers(actor, type, id, parse('MuteUsers', schemas.muteUsers, body));
    case 'block': return c.block(actor, type, id, parse('BlockUser', schemas.user, body));
    case 'unblock': return c.unblock(actor, type, id, parse('UnblockUser', schemas.user, body));
    case 'kick': return c.kick(actor, type, id, parse('KickUser', schemas.kick, body));
    case 'pin': return c.pin(actor, type, id, parse('VideoPin', schemas.pin, body), true);
    case 'unpin': return c.pin(actor, type, id, parse('VideoUnpin', schemas.pin, body), false);
    case 'request_permission': return c.requestPermission(actor, type, id, parse('RequestPermission', schemas.requestPermission, body));
    case 'user_permissions': return c.updateUserPermissions(actor, type, id, parse('UpdateUserPermissions', schemas.userPermissions, body));
    default: return undefined;
  }
};

/**
 * POST /guest (public): Stream makes a user with the guest role and answers a token for it. Guests made this way
 * can take part in calls, never create them (the guest role's capabilities).
 */
export const createGuest = (
  deps: { users: { get(id: string): StreamUser | undefined; upsert(user: StreamUser): StreamUser }; signUserToken?(claims: Record<string, unknown>): string },
  body: Body,
) => {
  const { user } = parse('CreateGuest', guest, body);
  if (deps.users.get(user.id) && deps.users.get(user.id)?.role !== 'guest') throw new StreamApiError('inputError', `CreateGuest failed with error: "user ${user.id} already exists"`);
  deps.users.upsert({ id: user.id, name: user.name, image: user.image, custom: user.custom ?? {}, role: 'guest' });
  const now = Math.floor(Date.now() / 1000);
  const access_token = deps.signUserToken!({ user_id: user.id, role: 'guest', iat: now, exp: now + 24 * 3600 });
  const stored = deps.users.get(user.id)!;
  return {
    access_token,
    user: { ...stored, role: 'guest', custom: stored.custom ?? {}, teams: [], blocked_user_ids: [], language: '', created_at: stored.created_at ?? new Date().toISOString(), updated_at: stored.updated_at ?? new Date().toISOString() },
    duration: '0.10ms',
  };
};
