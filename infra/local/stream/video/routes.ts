import type { Actor, CallData, MemberInput, VideoCoordinator } from './coordinator';
import { badRequest } from './errors';

type Body = Record<string, unknown>;

const object = (value: unknown, name: string): Body | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw badRequest(`${name} must be an object`);
  return value as Body;
};
const array = <T>(value: unknown, name: string): T[] | undefined => {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw badRequest(`${name} must be an array`);
  return value as T[];
};
const members = (value: unknown, name: string) => {
  const list = array<MemberInput>(value, name);
  for (const member of list ?? []) {
    if (typeof member !== 'object' || member === null || typeof member.user_id !== 'string' || !member.user_id) throw badRequest(`${name}: user_id is a required field`);
  }
  return list;
};
const callData = (value: unknown): CallData | undefined => {
  const data = object(value, 'data');
  if (!data) return undefined;
  return { ...data, members: members(data.members, 'data.members'), custom: object(data.custom, 'data.custom'), settings_override: object(data.settings_override, 'data.settings_override') } as CallData;
};
const bool = (value: unknown) => value === true || value === 'true';

/**
 * The video API's routes (the path after /video or /api/v2/video), answering what Stream answers;
 * undefined for a route the stand-in does not imitate.
 */
export const routeVideoRequest = (c: VideoCoordinator, actor: Actor, method: string, path: string, body: Body, query: URLSearchParams): unknown => {
  if (method === 'POST' && path === '/calls') {
    return c.queryCalls(actor, { filter_conditions: object(body.filter_conditions, 'filter_conditions'), sort: array(body.sort, 'sort'), limit: typeof body.limit === 'number' ? body.limit : undefined });
  }
  if (method === 'POST' && path === '/call/members') {
    if (typeof body.type !== 'string' || typeof body.id !== 'string') throw badRequest('QueryCallMembers failed with error: "type and id are required"');
    return c.queryMembers(actor, { type: body.type, id: body.id });
  }
  if (method === 'POST' && (path === '/call/stats' || path === '/call_client_event' || /^\/call\/[^/]+\/[^/]+\/(stats\/[^/]+|feedback|reaction|report)$/.test(path))) {
    return { duration: '0.10ms' }; // telemetry and reactions: accepted and dropped
  }
  const match = /^\/call\/([^/]+)\/([^/]+)(?:\/(.+))?$/.exec(path);
  if (!match) return undefined;
  const [, type = '', id = '', action] = match;
  if (!action) {
    if (method === 'GET') return c.getCall(actor, type, id, { ring: bool(query.get('ring')), notify: bool(query.get('notify')) });
    if (method === 'POST') return c.getOrCreate(actor, type, id, { data: callData(body.data), ring: bool(body.ring), notify: bool(body.notify), video: bool(body.video) });
    if (method === 'PATCH') return c.update(actor, type, id, { custom: object(body.custom, 'custom'), settings_override: object(body.settings_override, 'settings_override'), starts_at: typeof body.starts_at === 'string' ? body.starts_at : undefined });
    return undefined;
  }
  if (method === 'GET') {
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
    case 'join': return c.join(actor, type, id, { create: bool(body.create), data: callData(body.data), ring: bool(body.ring), video: bool(body.video) });
    case 'ring': return c.ringCall(actor, type, id, { video: bool(body.video), members_ids: array(body.members_ids, 'members_ids') });
    case 'accept': return c.accept(actor, type, id);
    case 'reject': return c.reject(actor, type, id, { reason: typeof body.reason === 'string' ? body.reason : undefined });
    case 'mark_ended': return c.end(actor, type, id);
    case 'members': return c.updateMembers(actor, type, id, { update_members: members(body.update_members, 'update_members'), remove_members: array<string>(body.remove_members, 'remove_members') });
    case 'start_recording': return c.startRecording(actor, type, id);
    case 'stop_recording': return c.stopRecording(actor, type, id);
    case 'start_transcription': return c.startTranscription(actor, type, id);
    case 'stop_transcription': return c.stopTranscription(actor, type, id);
    case 'event': return c.sendCustomEvent(actor, type, id, { custom: object(body.custom, 'custom') });
    default: return undefined;
  }
};
