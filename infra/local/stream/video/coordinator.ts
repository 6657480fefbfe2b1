import { randomUUID } from 'node:crypto';
import { capabilitiesByRole, capabilitiesOf, knownCallTypes, mergeSettings, requestableCapabilities, type Settings } from './call-types';
import { cidOf, type CallStore, type StoredCall, type StoredMember, type StoredSession, type TranscriptLine } from './call-store';
import { badRequest, notAllowed, notFound } from '../errors';
import { matchesFilter, sortBy } from '../filters';
import type { SfuTokens } from './sfu-token';

/** The user fields video reads (a type, not an interface, so that the shared users' own type fits it). */
export type StreamUser = {
  id: string;
  name?: string;
  image?: string;
  role?: string;
  custom?: Record<string, unknown>;
  teams?: string[];
  created_at?: string;
  updated_at?: string;
  deactivated_at?: string;
};

/** Who is asking: a user (from a user token) or the server (node SDK, server token). */
export type Actor =
  | { kind: 'user'; userId: string; role?: string; callCids?: string[] }
  | { kind: 'server'; userId?: string };

export interface CoordinatorDeps {
  users: { get(id: string): StreamUser | undefined; upsert(user: StreamUser): StreamUser };
  sendWebhook(event: Record<string, unknown> & { type: string }): void;
  /** WS delivery to the users' coordinator connections */
  deliver(userIds: Iterable<string>, event: Record<string, unknown> & { type: string }): void;
  sfuTokens: SfuTokens;
  sfu: CoordinatorSfu;
  artifactUrl(call: StoredCall, sessionId: string, filename: string): string;
  /** Where the call's HLS playlist is served (`egress.hls.playlist_url`). */
  playlistUrl(call: StoredCall): string;
  store: CallStore;
  now?: () => Date;
  log?(message: string, details?: unknown): void;
}

/** What the coordinator asks of the SFU for the participants of a call. */
export interface CoordinatorSfu {
  url: string;
  wsEndpoint: string;
  endCall(cid: string): void;
  /** stop_live: every participant hears that the live ended; those who may not stay backstage leave. */
  liveEnded(cid: string): void;
  /** kick or block: the user's participants are told (call ended, kicked) and let go. */
  removeUser(cid: string, userId: string): void;
  /** mute_users: the tracks are unpublished with the moderation reason (all users when userIds is undefined). */
  muteUsers(cid: string, userIds: string[] | undefined, kinds: MuteKind[]): void;
  setPins(cid: string, pins: { userId: string; sessionId: string }[]): void;
  updateGrants(cid: string, userId: string, grants: { canPublishAudio: boolean; canPublishVideo: boolean; canScreenshare: boolean }): void;
  /** Captions or a transcription need the call's speech (or no longer do); resolves once the last words arrived. */
  setListening(cid: string, on: boolean): Promise<void>;
  /** A composite recording of the call's cameras and microphones starts now. */
  startRecording(cid: string): void;
  /** The recording's file (its path), or undefined where the machine cannot make one (no ffmpeg); throws when it failed. */
  finishRecording(cid: string, filename: string): Promise<string | undefined>;
  /** HLS of the call's composition starts: `started` once its playlist has a segment, `failed` when it cannot go on. */
  startBroadcast(cid: string, on: { started(): void; failed(error: Error): void }): void;
  stopBroadcast(cid: string): Promise<void>;
}

/** One recognised utterance of a speaker, as the SFU hears it. */
export interface HeardUtterance {
  userId: string;
  text: string;
  startedAt: Date;
  endedAt: Date;
}

export type MuteKind = 'audio' | 'video' | 'screenshare' | 'screenshare_audio';

export interface MemberInput {
  user_id: string;
  role?: string;
  custom?: Record<string, unknown>;
}

export interface CallData {
  members?: MemberInput[];
  custom?: Record<string, unknown>;
  settings_override?: Record<string, unknown>;
  starts_at?: string;
  team?: string;
  created_by_id?: string;
  created_by?: { id: string };
}

/** The events Stream also sends as webhooks, among those the stand-in makes (server.ts sends those the product's rules consume). */
export const videoWebhookEvents: ReadonlySet<string> = new Set([
  'call.created', 'call.ring', 'call.notification', 'call.accepted', 'call.rejected', 'call.ended', 'call.updated', 'call.member_added',
  'call.member_removed', 'call.member_updated', 'call.session_started', 'call.session_ended',
  'call.session_participant_joined', 'call.session_participant_left', 'call.recording_started',
  'call.recording_stopped', 'call.recording_ready', 'call.transcription_started', 'call.transcription_stopped',
  'call.transcription_ready', 'call.live_started', 'call.permission_request', 'call.permissions_updated', 'call.blocked_user',
  'call.unblocked_user', 'call.kicked_user', 'call.user_muted', 'call.missed', 'call.closed_captions_started',
  'call.closed_captions_stopped', 'call.closed_captions_failed', 'call.recording_failed', 'call.transcription_failed',
  'call.hls_broadcasting_started', 'call.hls_broadcasting_stopped', 'call.hls_broadcasting_failed', 'call.deleted',
]);

/** `limit` at a time (25 unless asked, at most 100); `next` is the page after, as an opaque cursor. */
const pageOf = <T>(items: readonly T[], { limit, next }: { limit?: number; next?: string }) => {
  const size = Math.min(Math.max(limit ?? 25, 1), 100);
  const offset = next ? Number.parseInt(Buffer.from(next, 'base64url').toString(), 10) || 0 : 0;
  const end = offset + size;
  return { page: items.slice(offset, end), next: end < items.length ? Buffer.from(String(end)).toString('base64url') : undefined };
};

/** The clients drop their ring at its timeout; the stand-in ends it just after, so their own drop is seen first. */
const RING_GRACE_MS = 500;

/** The coordinator's state machine of calls: what Stream's video API does, for the parts the product uses. */
export class VideoCoordinator {
  private readonly now: () => Date;
  private readonly watchers = new Map<string, Set<string>>();
  private readonly rings = new Map<string, { timer: NodeJS.Timeout; sessionId: string; ringer: string; rung: string[] }>();
  /** the transcripts being written, by call, until their file is ready */
  private readonly transcripts = new Map<string, TranscriptLine[]>();

  constructor(private readonly deps: CoordinatorDeps) {
    this.now = deps.now ?? (() => new Date());
  }

  private iso() {
    return this.now().toISOString();
  }

  // ---- response shapes -------------------------------------------------------------------------------------------

  userResponse(id: string) {
    const user = this.deps.users.get(id);
    const created = user?.created_at ?? this.iso();
    return {
      id,
      name: user?.name,
      image: user?.image,
      role: user?.role ?? 'user',
      custom: user?.custom ?? {},
      teams: user?.teams ?? [],
      blocked_user_ids: [],
      language: '',
      created_at: created,
      updated_at: user?.updated_at ?? created,
      deactivated_at: user?.deactivated_at,
    };
  }

  private sessionResponse(session: StoredSession) {
    const active = session.participants.filter((p) => !p.left_at);
    const byRole: Record<string, number> = {};
    for (const p of active) byRole[p.role] = (byRole[p.role] ?? 0) + 1;
    return {
      id: session.id,
      started_at: session.started_at,
      ended_at: session.ended_at,
      participants: active.map((p) => ({ joined_at: p.joined_at, role: p.role, user: this.userResponse(p.user_id), user_session_id: p.user_session_id })),
      participants_count_by_role: byRole,
      anonymous_participant_count: 0,
      accepted_by: session.accepted_by,
      rejected_by: session.rejected_by,
      missed_by: session.missed_by,
    };
  }

  callResponse(call: StoredCall) {
    return {
      type: call.type,
      id: call.id,
      cid: cidOf(call),
      created_at: call.created_at,
      updated_at: call.updated_at,
      ended_at: call.ended_at,
      starts_at: call.starts_at,
      team: call.team,
      created_by: this.userResponse(call.created_by),
      current_session_id: call.session && !call.session.ended_at ? call.session.id : '',
      custom: call.custom,
      settings: call.settings,
      session: call.session ? this.sessionResponse(call.session) : undefined,
      backstage: this.isBackstage(call),
      blocked_user_ids: call.blocked_user_ids ?? [],
      captioning: call.captioning === true,
      recording: call.recording,
      transcribing: call.transcribing,
      translating: false,
      egress: { broadcasting: call.broadcasting === true, ...(call.broadcasting ? { hls: { playlist_url: this.deps.playlistUrl(call), status: '' } } : {}), rtmps: [] },
      ingress: { rtmp: { address: '' }, srt: { address: '' }, whip: { address: '' } },
    };
  }

  /** Oldest first, and those added together by user id (stream-node's own test reads `jack` before `john`). */
  private memberResponses(call: StoredCall) {
    return sortBy(Object.values(call.members), [{ field: 'created_at', direction: 1 }, { field: 'user_id', direction: 1 }], (m, field) => m[field as keyof StoredMember])
      .map((m) => ({ ...m, user: this.userResponse(m.user_id) }));
  }

  /** A session someone is in: Stream records, transcribes and captions only such a call. */
  private requireActiveSession(call: StoredCall, endpoint: string) {
    const session = call.session;
    if (!session?.started_at || session.ended_at || !session.participants.some((p) => !p.left_at)) {
      throw badRequest(`${endpoint} failed with error: "there is no active session"`);
    }
  }

  private isBackstage(call: StoredCall) {
    return call.settings.backstage?.enabled === true && !call.live;
  }

  /** The user's own role, then their role in the call: a member's, or `host` for the call's creator. */
  private rolesOf(actor: Actor, call?: StoredCall) {
    if (actor.kind === 'server') return ['admin'];
    const roles = [actor.role ?? this.deps.users.get(actor.userId)?.role ?? 'user'];
    const member = call?.members[actor.userId];
    if (member?.role) roles.push(member.role);
    else if (call?.created_by === actor.userId) roles.push('host');
    else if (member) roles.push('call_member');
    return roles;
  }

  /** The role's grants in the call's type, less what its settings turn off, with this session's grants and revokes. */
  private capabilities(actor: Actor, call: StoredCall | undefined, type = call?.type ?? 'default') {
    const granted = capabilitiesOf(type, this.rolesOf(actor, call), call?.settings);
    const changes = actor.kind === 'user' ? call?.user_grants?.[actor.userId] : undefined;
    if (!changes) return granted;
    return [...new Set([...granted, ...changes.granted])].filter((c) => !changes.revoked.includes(c)).sort();
  }

  private watch(actor: Actor, call: StoredCall) {
    if (actor.kind !== 'user') return;
    const cid = cidOf(call);
    this.watchers.set(cid, (this.watchers.get(cid) ?? new Set()).add(actor.userId));
  }

  private userActor(userId: string): Actor {
    return { kind: 'user', userId };
  }

  /** The fields every call answer carries (`CallStateResponseFields`). */
  stateFields(call: StoredCall, actor: Actor) {
    const membership = actor.kind === 'user' ? call.members[actor.userId] : undefined;
    return {
      call: this.callResponse(call),
      members: this.memberResponses(call),
      membership: membership ? { ...membership, user: this.userResponse(membership.user_id) } : undefined,
      own_capabilities: this.capabilities(actor, call),
    };
  }

  // ---- events ----------------------------------------------------------------------------------------------------

  /**
   * Members, the creator, whoever is or was in the call's session and whoever loaded the call (a user's get,
   * get-or-create or join watches it, as the video client's do on Stream) hear its events.
   */
  private audience(call: StoredCall) {
    const ids = new Set([call.created_by, ...Object.keys(call.members), ...(this.watchers.get(cidOf(call)) ?? [])]);
    for (const p of call.session?.participants ?? []) ids.add(p.user_id);
    return ids;
  }

  private emit(call: StoredCall, event: Record<string, unknown> & { type: string }, options: { except?: string; to?: Iterable<string> } = {}) {
    const full = { call_cid: cidOf(call), created_at: this.iso(), ...event };
    const recipients = [...(options.to ?? this.audience(call))].filter((id) => id !== options.except);
    this.deps.deliver(recipients, full);
    if (videoWebhookEvents.has(event.type)) this.deps.sendWebhook(full);
  }

  // ---- access ----------------------------------------------------------------------------------------------------

  private checkType(type: string) {
    if (!knownCallTypes.has(type)) throw notFound(`GetOrCreateCall failed with error: "call type ${type} does not exist"`);
  }

  /** A call token (`call_cids`) is good for its calls only, as Stream enforces. */
  private checkCidScope(actor: Actor, cid: string) {
    if (actor.kind === 'user' && actor.callCids && !actor.callCids.includes(cid)) {
      throw notAllowed(`User '${actor.userId}' with role '${actor.role ?? 'user'}' is not allowed to access call ${cid}: the token is limited to other calls`);
    }
  }

  private require(actor: Actor, call: StoredCall | undefined, capability: string, cid: string) {
    this.checkCidScope(actor, cid);
    if (actor.kind === 'server') return;
    const type = call?.type ?? cid.split(':')[0] ?? 'default';
    const caps = this.capabilities(actor, call, type);
    if (!caps.includes(capability)) {
      throw notAllowed(`User '${actor.userId}' with role '${this.rolesOf(actor, call).join(',')}' is not allowed to perform action ${capabilityAction[capability] ?? capability} in scope 'video:${type}'`);
    }
  }

  private existing(type: string, id: string) {
    this.checkType(type);
    const call = this.deps.store.get(`${type}:${id}`);
    if (!call) throw notFound(`Can't find call with id ${type}:${id}`);
    return call;
  }

  // ---- calls -----------------------------------------------------------------------------------------------------

  getCall(actor: Actor, type: string, id: string, options: { ring?: boolean; notify?: boolean } = {}) {
    const call = this.existing(type, id);
    this.require(actor, call, 'read-call', cidOf(call));
    this.watch(actor, call);
    if (options.ring) this.ring(actor, call, false);
    else if (options.notify) this.notify(actor, call);
    return { ...this.stateFields(call, actor), duration: '0.10ms' };
  }

  getOrCreate(actor: Actor, type: string, id: string, body: { data?: CallData; ring?: boolean; notify?: boolean; video?: boolean }) {
    this.checkType(type);
    const cid = `${type}:${id}`;
    let call = this.deps.store.get(cid);
    let created = false;
    if (!call) {
      this.require(actor, undefined, 'create-call', cid);
      call = this.create(actor, type, id, body.data);
      created = true;
    } else {
      this.require(actor, call, 'read-call', cid);
    }
    this.watch(actor, call);
    if (body.ring) this.ring(actor, call, body.video ?? false);
    else if (body.notify) this.notify(actor, call);
    return { ...this.stateFields(call, actor), created, duration: '0.10ms' };
  }

  private create(actor: Actor, type: string, id: string, data: CallData = {}) {
    const createdBy = actor.kind === 'user' ? actor.userId : (data.created_by_id ?? data.created_by?.id);
    if (!createdBy) throw badRequest('GetOrCreateCall failed with error: "data.created_by or data.created_by_id is required for server-side calls"');
    if (!/^[\w-]{1,64}$/.test(id)) throw badRequest(`GetOrCreateCall failed with error: "id ${id} is not a valid call id"`);
    const now = this.iso();
    const call = this.deps.store.create(type, id, createdBy, now);
    if (data.custom) call.custom = data.custom;
    if (data.settings_override) call.settings = mergeSettings(call.settings, data.settings_override) as Settings;
    if (data.starts_at) call.starts_at = data.starts_at;
    if (data.team) call.team = data.team;
    for (const member of data.members ?? []) this.putMember(call, { ...member, role: member.role ?? (member.user_id === createdBy ? 'host' : undefined) }, now);
    this.deps.store.save();
    this.emit(call, { type: 'call.created', call: this.callResponse(call), members: this.memberResponses(call) });
    return call;
  }

  private putMember(call: StoredCall, member: MemberInput, now: string) {
    if (!member.user_id) throw badRequest('UpdateCallMembers failed with error: "user_id is a required field"');
    if (!this.deps.users.get(member.user_id)) this.deps.users.upsert({ id: member.user_id });
    const previous = call.members[member.user_id];
    call.members[member.user_id] = {
      user_id: member.user_id,
      role: member.role ?? previous?.role,
      custom: member.custom ?? previous?.custom ?? {},
      created_at: previous?.created_at ?? now,
      updated_at: now,
    };
  }

  update(actor: Actor, type: string, id: string, body: { custom?: Record<string, unknown>; settings_override?: Record<string, unknown>; starts_at?: string }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'update-call', cidOf(call));
    if (body.settings_override && actor.kind === 'user') this.require(actor, call, 'update-call-settings', cidOf(call));
    if (body.custom) call.custom = body.custom;
    if (body.settings_override) call.settings = mergeSettings(call.settings, body.settings_override) as Settings;
    if (body.starts_at) call.starts_at = body.starts_at;
    call.updated_at = this.iso();
    this.deps.store.save();
    this.emit(call, { type: 'call.updated', call: this.callResponse(call), capabilities_by_role: capabilitiesByRole(call.type) });
    return { ...this.stateFields(call, actor), duration: '0.10ms' };
  }

  updateMembers(actor: Actor, type: string, id: string, body: { update_members?: MemberInput[]; remove_members?: string[] }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'update-call-member', cidOf(call));
    const now = this.iso();
    const added = (body.update_members ?? []).filter((m) => !call.members[m.user_id]);
    for (const member of body.update_members ?? []) this.putMember(call, member, now);
    for (const userId of body.remove_members ?? []) delete call.members[userId];
    this.deps.store.save();
    if (added.length) this.emit(call, { type: 'call.member_added', call: this.callResponse(call), members: added.map((m) => ({ ...call.members[m.user_id], user: this.userResponse(m.user_id) })) });
    if (body.remove_members?.length) this.emit(call, { type: 'call.member_removed', call: this.callResponse(call), members: body.remove_members });
    // Stream answers with the members this request added or updated, in its order (stream-node's own test reads them so).
    const updated = (body.update_members ?? []).map((m) => ({ ...call.members[m.user_id], user: this.userResponse(m.user_id) }));
    return { members: updated, duration: '0.10ms' };
  }

  /** Filtered and sorted as calls are (by `user_id`, `role`, `created_at`…), `limit` at a time, `next` the page after. */
  queryMembers(actor: Actor, body: { type: string; id: string; filter_conditions?: Record<string, unknown>; sort?: { field: string; direction?: number }[]; limit?: number; next?: string }) {
    const call = this.existing(body.type, body.id);
    this.require(actor, call, 'read-call', cidOf(call));
    const members = this.memberResponses(call);
    const matching = members.filter((member) => matchesFilter(member as Record<string, unknown>, body.filter_conditions ?? {}));
    const sorted = body.sort?.length ? sortBy(matching, body.sort.map(({ field, direction }) => ({ field, direction: direction ?? 1 })), (member, field) => (member as Record<string, unknown>)[field]) : matching;
    const { page, next } = pageOf(sorted, body);
    return { members: page, ...(next ? { next } : {}), duration: '0.10ms' };
  }

  queryCalls(actor: Actor, body: { filter_conditions?: Record<string, unknown>; sort?: { field: string; direction?: number }[]; limit?: number; next?: string }) {
    const visible = this.deps.store.all().filter((call) => {
      const cid = cidOf(call);
      if (actor.kind === 'server') return true;
      if (actor.callCids && !actor.callCids.includes(cid)) return false;
      return this.audience(call).has(actor.userId);
    });
    const matching = visible.filter((call) => matchesFilter(this.filterView(call), body.filter_conditions ?? {}));
    const sort = body.sort?.length ? body.sort.map(({ field, direction }) => ({ field, direction: direction ?? -1 })) : [{ field: 'created_at', direction: -1 }];
    const sorted = sortBy(matching, sort, (call, field) => this.filterView(call)[field]);
    const { page, next } = pageOf(sorted, body);
    return { calls: page.map((call) => this.stateFields(call, actor)), ...(next ? { next } : {}), duration: '0.10ms' };
  }

  private filterView(call: StoredCall): Record<string, unknown> {
    return {
      id: call.id, type: call.type, cid: cidOf(call), created_at: call.created_at, updated_at: call.updated_at, ended_at: call.ended_at,
      starts_at: call.starts_at, created_by_user_id: call.created_by, members: Object.keys(call.members), team: call.team,
      ongoing: Boolean(call.session && !call.session.ended_at && call.session.participants.some((p) => !p.left_at)),
      ...Object.fromEntries(Object.entries(call.custom).map(([key, value]) => [`custom.${key}`, value])),
    };
  }

  // ---- ringing ---------------------------------------------------------------------------------------------------

  private ensureSession(call: StoredCall) {
    if (!call.session || call.session.ended_at) {
      call.session = { id: randomUUID(), participants: [], accepted_by: {}, rejected_by: {}, missed_by: {} };
    }
    return call.session;
  }

  private ring(actor: Actor, call: StoredCall, video: boolean, memberIds?: string[]) {
    const session = this.ensureSession(call);
    this.deps.store.save();
    const ringer = actor.kind === 'user' ? actor.userId : call.created_by;
    const members = this.memberResponses(call);
    const rung = (memberIds ?? Object.keys(call.members)).filter((id) => id !== ringer && call.members[id]);
    this.emit(
      call,
      { type: 'call.ring', session_id: session.id, call: this.callResponse(call), members, user: this.userResponse(ringer), video },
      { to: rung },
    );
    this.armRingTimeout(call, session.id, ringer, rung);
    return rung;
  }

  /**
   * The ring ends when the longer of its two timeouts has passed (the clients drop their own ring then, a moment
   * earlier), or when the caller cancels: whoever was rung and neither accepted, declined nor joined missed the call.
   */
  private armRingTimeout(call: StoredCall, sessionId: string, ringer: string, rung: string[]) {
    const cid = cidOf(call);
    const ring = call.settings.ring ?? {};
    const timeoutMs = Math.max(Number(ring.auto_cancel_timeout_ms ?? 0), Number(ring.incoming_call_timeout_ms ?? 0));
    this.clearRing(cid);
    if (!(timeoutMs > 0) || rung.length === 0) return;
    const timer = setTimeout(() => this.endRing(cid, sessionId), timeoutMs + RING_GRACE_MS);
    timer.unref();
    this.rings.set(cid, { timer, sessionId, ringer, rung });
  }

  private clearRing(cid: string) {
    const ring = this.rings.get(cid);
    if (ring) clearTimeout(ring.timer);
    this.rings.delete(cid);
    return ring;
  }

  private endRing(cid: string, sessionId: string) {
    const ring = this.rings.get(cid);
    if (ring?.sessionId !== sessionId) return;
    this.clearRing(cid);
    const call = this.deps.store.get(cid);
    const session = call?.session;
    if (!call || session?.id !== sessionId) return;
    const joined = new Set(session.participants.map((p) => p.user_id));
    const now = this.iso();
    const unanswered = ring.rung.filter((id) => !session.accepted_by[id] && !session.rejected_by[id] && !joined.has(id));
    for (const id of unanswered) session.missed_by[id] ??= now;
    const missed = ring.rung.filter((id) => session.missed_by[id]);
    if (missed.length === 0) return;
    this.deps.store.save();
    this.emit(
      call,
      // Stream's `members` of call.missed are "the members who missed the call", not all of them.
      { type: 'call.missed', session_id: sessionId, call: this.callResponse(call), members: this.memberResponses(call).filter((m) => missed.includes(m.user_id)), user: this.userResponse(ring.ringer), notify_user: true },
      { to: [ring.ringer, ...missed] },
    );
  }

  /** Timers of the rings still running, so that close() stops them. */
  close() {
    for (const cid of [...this.rings.keys()]) this.clearRing(cid);
  }

  /** `notify`: the members hear of the call (call.notification) without a ring. */
  private notify(actor: Actor, call: StoredCall) {
    const session = this.ensureSession(call);
    this.deps.store.save();
    const notifier = actor.kind === 'user' ? actor.userId : call.created_by;
    this.emit(
      call,
      { type: 'call.notification', session_id: session.id, call: this.callResponse(call), members: this.memberResponses(call), user: this.userResponse(notifier) },
      { except: notifier, to: Object.keys(call.members) },
    );
  }

  ringCall(actor: Actor, type: string, id: string, body: { video?: boolean; members_ids?: string[] }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'read-call', cidOf(call));
    const rung = this.ring(actor, call, body.video ?? false, body.members_ids?.length ? body.members_ids : undefined);
    return { members_ids: rung, duration: '0.10ms' };
  }

  /** What the 1.60 client polls while it rings, to catch an accept or reject it missed on the socket. */
  ringState(actor: Actor, type: string, id: string, sessionId?: string) {
    const call = this.existing(type, id);
    this.require(actor, call, 'read-call', cidOf(call));
    const session = call.session;
    // The stand-in keeps a call's latest session only.
    if (sessionId && session?.id !== sessionId) throw notFound(`Can't find call session ${sessionId} of ${cidOf(call)}`);
    return {
      call_cid: cidOf(call),
      created_by_user_id: call.created_by,
      session_id: session?.id ?? '',
      accepted_by: session?.accepted_by ?? {},
      rejected_by: session?.rejected_by ?? {},
      missed_by: session?.missed_by ?? {},
      call_ended_at: call.ended_at,
      session_started_at: session?.started_at,
      session_ended_at: session?.ended_at,
      duration: '0.10ms',
    };
  }

  accept(actor: Actor, type: string, id: string) {
    const call = this.existing(type, id);
    this.require(actor, call, 'join-call', cidOf(call));
    const userId = actor.userId ?? call.created_by;
    this.ensureSession(call).accepted_by[userId] = this.iso();
    this.deps.store.save();
    this.emit(call, { type: 'call.accepted', call: this.callResponse(call), user: this.userResponse(userId) });
    return { duration: '0.10ms' };
  }

  reject(actor: Actor, type: string, id: string, body: { reason?: string }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'read-call', cidOf(call));
    const userId = actor.userId ?? call.created_by;
    const session = this.ensureSession(call);
    const ring = this.rings.get(cidOf(call));
    // A callee whose ring timed out did not decline: the client says so with the reason `timeout`.
    if (body.reason === 'timeout' && ring?.rung.includes(userId)) session.missed_by[userId] = this.iso();
    else session.rejected_by[userId] = this.iso();
    this.deps.store.save();
    this.emit(call, { type: 'call.rejected', call: this.callResponse(call), user: this.userResponse(userId), reason: body.reason });
    if (ring && userId === ring.ringer) this.endRing(cidOf(call), ring.sessionId);
    else if (ring && ring.rung.every((id) => session.accepted_by[id] || session.rejected_by[id] || session.missed_by[id])) this.endRing(cidOf(call), ring.sessionId);
    return { duration: '0.10ms' };
  }

  end(actor: Actor, type: string, id: string) {
    const call = this.existing(type, id);
    this.require(actor, call, 'end-call', cidOf(call));
    const now = this.iso();
    call.ended_at = now;
    call.updated_at = now;
    this.deps.store.save();
    this.deps.sfu.endCall(cidOf(call));
    const ring = this.rings.get(cidOf(call));
    if (ring) this.endRing(cidOf(call), ring.sessionId);
    this.emit(call, { type: 'call.ended', call: this.callResponse(call), members: this.memberResponses(call), user: actor.userId ? this.userResponse(actor.userId) : undefined });
    this.endSession(call);
    return { duration: '0.10ms' };
  }

  /**
   * Soft or hard, the call is gone from the API (Stream's soft delete keeps it only out of reach); whoever is in it is
   * let go and hears `call.deleted`. Server-side only: no call capability lets a member delete a call.
   */
  deleteCall(actor: Actor, type: string, id: string, body: { hard?: boolean }) {
    const call = this.existing(type, id);
    this.checkCidScope(actor, cidOf(call));
    if (actor.kind !== 'server') {
      throw notAllowed(`User '${actor.userId}' with role '${this.rolesOf(actor, call).join(',')}' is not allowed to perform action DeleteCall in scope 'video:${type}'`);
    }
    const response = this.callResponse(call);
    if (call.session?.started_at && !call.session.ended_at) this.deps.sfu.endCall(cidOf(call));
    this.clearRing(cidOf(call));
    this.endSession(call);
    this.emit(call, { type: 'call.deleted', call: response });
    this.deps.store.delete(cidOf(call));
    this.watchers.delete(cidOf(call));
    return { call: response, ...(body.hard ? { task_id: randomUUID() } : {}), duration: '0.10ms' };
  }

  // ---- join and the session ---------------------------------------------------------------------------------------

  join(actor: Actor, type: string, id: string, body: { create?: boolean; data?: CallData; ring?: boolean; video?: boolean }) {
    if (actor.kind !== 'user') throw badRequest('JoinCall failed with error: "join is for users"');
    this.checkType(type);
    const cid = `${type}:${id}`;
    let call = this.deps.store.get(cid);
    let created = false;
    if (!call) {
      if (!body.create) throw notFound(`Can't find call with id ${cid}`);
      this.require(actor, undefined, 'create-call', cid);
      call = this.create(actor, type, id, body.data);
      created = true;
    }
    this.require(actor, call, 'join-call', cid);
    if (call.ended_at && !this.capabilities(actor, call).includes('join-ended-call')) {
      throw badRequest(`JoinCall failed with error: "call ${cid} has ended"`);
    }
    if (call.blocked_user_ids?.includes(actor.userId)) throw notAllowed(`User '${actor.userId}' is blocked from call ${cid}`);
    if (this.isBackstage(call) && !this.joinsAhead(call)) this.require(actor, call, 'join-backstage', cid);
    this.ensureSession(call);
    this.deps.store.save();
    if (body.ring) this.ring(actor, call, body.video ?? false);
    const roles = this.rolesOf(actor, call);
    const token = this.deps.sfuTokens.issue({ user_id: actor.userId, call_cid: cid, role: roles[roles.length - 1] ?? 'user', capabilities: this.capabilities(actor, call) });
    return {
      ...this.stateFields(call, actor),
      created,
      credentials: {
        server: { edge_name: 'local-sfu', url: this.deps.sfu.url, ws_endpoint: this.deps.sfu.wsEndpoint },
        token,
        ice_servers: [],
      },
      stats_options: { enable_rtc_stats: false, reporting_interval_ms: 30000 },
      duration: '0.10ms',
    };
  }

  /** backstage.join_ahead_time_seconds lets anyone join that long before starts_at. */
  private joinsAhead(call: StoredCall) {
    const ahead = Number(call.settings.backstage?.join_ahead_time_seconds ?? 0);
    if (!call.starts_at || !(ahead > 0)) return false;
    return this.now().getTime() >= Date.parse(call.starts_at) - ahead * 1000;
  }

  /** The SFU reports each participant that completed its join. */
  participantJoined(cid: string, userId: string, userSessionId: string, role: string) {
    const call = this.deps.store.get(cid);
    if (!call) return;
    const session = this.ensureSession(call);
    const now = this.iso();
    if (!session.started_at) {
      session.started_at = now;
      this.emit(call, { type: 'call.session_started', session_id: session.id, call: this.callResponse(call) });
    }
    session.participants.push({ user_id: userId, user_session_id: userSessionId, role, joined_at: now });
    this.deps.store.save();
    this.emit(call, {
      type: 'call.session_participant_joined',
      session_id: session.id,
      participant: { user: this.userResponse(userId), user_session_id: userSessionId, role, joined_at: now },
    });
  }

  participantLeft(cid: string, userSessionId: string) {
    const call = this.deps.store.get(cid);
    const session = call?.session;
    const participant = session?.participants.find((p) => p.user_session_id === userSessionId && !p.left_at);
    if (!call || !session || !participant) return;
    const now = this.now();
    participant.left_at = now.toISOString();
    this.deps.store.save();
    this.emit(call, {
      type: 'call.session_participant_left',
      session_id: session.id,
      participant: { user: this.userResponse(participant.user_id), user_session_id: userSessionId, role: participant.role, joined_at: participant.joined_at },
      duration_seconds: Math.round((now.getTime() - Date.parse(participant.joined_at)) / 1000),
    });
    if (!session.participants.some((p) => !p.left_at)) this.endSession(call);
  }

  private endSession(call: StoredCall) {
    const session = call.session;
    if (!session?.started_at || session.ended_at) return;
    const now = this.iso();
    for (const p of session.participants) p.left_at ??= now;
    session.ended_at = now;
    call.user_grants = {};
    call.pins = [];
    if (call.recording) this.stopRecording({ kind: 'server' }, call.type, call.id, 'composite');
    if (call.transcribing) this.stopTranscription({ kind: 'server' }, call.type, call.id);
    if (call.captioning) this.stopClosedCaptions({ kind: 'server' }, call.type, call.id, {});
    if (call.broadcasting) this.endBroadcast(call);
    this.deps.store.save();
    this.emit(call, {
      type: 'call.session_ended',
      session_id: session.id,
      call: this.callResponse(call),
      duration_seconds: Math.round((Date.parse(now) - Date.parse(session.started_at)) / 1000),
    });
  }

  // ---- recording and transcription -------------------------------------------------------------------------------

  startRecording(actor: Actor, type: string, id: string, recordingType = 'composite') {
    const call = this.existing(type, id);
    this.require(actor, call, 'start-record-call', cidOf(call));
    this.requireActiveSession(call, 'StartRecording');
    if (call.recording) throw badRequest('StartRecording failed with error: "call is already being recorded"');
    call.recording = true;
    call.recording_started_at = this.iso();
    this.deps.store.save();
    this.deps.sfu.startRecording(cidOf(call));
    this.emit(call, { type: 'call.recording_started', call: this.callResponse(call), egress_id: `local-${call.id}`, recording_type: recordingType });
    return { duration: '0.10ms' };
  }

  /** The file is ready once the SFU composed it (`call.recording_ready`), or the recording failed (`call.recording_failed`). */
  stopRecording(actor: Actor, type: string, id: string, recordingType = 'composite') {
    const call = this.existing(type, id);
    this.require(actor, call, 'stop-record-call', cidOf(call));
    if (!call.recording) throw badRequest('StopRecording failed with error: "call is not being recorded"');
    const startedAt = call.recording_started_at ?? call.created_at;
    call.recording = false;
    const sessionId = call.session?.id ?? '';
    const endTime = this.iso();
    const filename = `rec_${call.type}_${call.id}_${Date.parse(startedAt)}.webm`;
    const egressId = `local-${call.id}`;
    this.deps.store.save();
    this.emit(call, { type: 'call.recording_stopped', call: this.callResponse(call), egress_id: egressId, recording_type: recordingType });
    this.deps.sfu.finishRecording(cidOf(call), filename).then(
      (path) => {
        const artifact = { kind: 'recording' as const, filename, session_id: sessionId, start_time: startedAt, end_time: endTime, recording_type: recordingType, ...(path ? { path } : {}) };
        call.artifacts.push(artifact);
        this.deps.store.save();
        this.emit(call, { type: 'call.recording_ready', session_id: sessionId, egress_id: egressId, recording_type: recordingType, call_recording: this.artifactResponse(call, artifact) });
      },
      (error: unknown) => {
        this.deps.log?.('the recording could not be made', error);
        this.emit(call, { type: 'call.recording_failed', egress_id: egressId, recording_type: recordingType });
      },
    );
    return { duration: '0.10ms' };
  }

  startTranscription(actor: Actor, type: string, id: string, body: { enable_closed_captions?: boolean } = {}) {
    const call = this.existing(type, id);
    this.require(actor, call, 'start-transcription-call', cidOf(call));
    this.requireActiveSession(call, 'StartTranscription');
    if (call.transcribing) throw badRequest('StartTranscription failed with error: "call is already being transcribed"');
    call.transcribing = true;
    call.transcription_started_at = this.iso();
    this.transcripts.set(cidOf(call), []);
    this.deps.store.save();
    this.emit(call, { type: 'call.transcription_started', call: this.callResponse(call), egress_id: `local-tr-${call.id}` });
    void this.listenAsNeeded(call);
    if (body.enable_closed_captions && !call.captioning) this.startClosedCaptions(actor, type, id, {});
    return { duration: '0.10ms' };
  }

  /**
   * The transcript's file is ready once the SFU has delivered the last words it was recognising, as Stream's is a
   * moment after the transcription stopped.
   */
  stopTranscription(actor: Actor, type: string, id: string) {
    const call = this.existing(type, id);
    this.require(actor, call, 'stop-transcription-call', cidOf(call));
    if (!call.transcribing) throw badRequest('StopTranscription failed with error: "call is not being transcribed"');
    const startedAt = call.transcription_started_at ?? call.created_at;
    call.transcribing = false;
    const sessionId = call.session?.id ?? '';
    const endTime = this.iso();
    this.deps.store.save();
    this.emit(call, { type: 'call.transcription_stopped', call: this.callResponse(call), egress_id: `local-tr-${call.id}` });
    void this.listenAsNeeded(call).then(() => {
      const lines = this.transcripts.get(cidOf(call)) ?? [];
      this.transcripts.delete(cidOf(call));
      const artifact = { kind: 'transcription' as const, filename: `transcript_${call.type}_${call.id}_${Date.parse(startedAt)}.jsonl`, session_id: sessionId, start_time: startedAt, end_time: endTime, lines };
      call.artifacts.push(artifact);
      this.deps.store.save();
      this.emit(call, { type: 'call.transcription_ready', session_id: sessionId, egress_id: `local-tr-${call.id}`, call_transcription: this.artifactResponse(call, artifact) });
    });
    return { duration: '0.10ms' };
  }

  /** Live captions of what is said (`call.closed_caption`), as Stream's closed captions are. */
  startClosedCaptions(actor: Actor, type: string, id: string, body: { enable_transcription?: boolean }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'start-closed-captions-call', cidOf(call));
    if (call.settings.transcription?.closed_caption_mode === 'disabled') throw badRequest('StartClosedCaptions failed with error: "closed captions are disabled for this call"');
    this.requireActiveSession(call, 'StartClosedCaptions');
    if (call.captioning) throw badRequest('StartClosedCaptions failed with error: "closed captions are already running"');
    call.captioning = true;
    this.deps.store.save();
    this.emit(call, { type: 'call.closed_captions_started' });
    void this.listenAsNeeded(call);
    if (body.enable_transcription && !call.transcribing) this.startTranscription(actor, type, id);
    return { duration: '0.10ms' };
  }

  stopClosedCaptions(actor: Actor, type: string, id: string, body: { stop_transcription?: boolean }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'stop-closed-captions-call', cidOf(call));
    if (!call.captioning) throw badRequest('StopClosedCaptions failed with error: "closed captions are not running"');
    call.captioning = false;
    this.deps.store.save();
    this.emit(call, { type: 'call.closed_captions_stopped' });
    void this.listenAsNeeded(call);
    if (body.stop_transcription && call.transcribing) this.stopTranscription(actor, type, id);
    return { duration: '0.10ms' };
  }

  /**
   * The SFU's recogniser failed: captions and the transcription stop as Stream's do when they fail
   * (`call.closed_captions_failed`, `call.transcription_failed` with its egress and the error), and no transcript follows.
   */
  listeningFailed(cid: string, error: Error) {
    const call = this.deps.store.get(cid);
    if (!call || (!call.captioning && !call.transcribing)) return;
    this.deps.log?.('captions and transcription failed', error);
    const captioning = call.captioning === true;
    const transcribing = call.transcribing;
    call.captioning = false;
    call.transcribing = false;
    this.transcripts.delete(cid);
    this.deps.store.save();
    if (captioning) this.emit(call, { type: 'call.closed_captions_failed' });
    if (transcribing) this.emit(call, { type: 'call.transcription_failed', egress_id: `local-tr-${call.id}`, error: error.message });
    void this.listenAsNeeded(call);
  }

  private listenAsNeeded(call: StoredCall) {
    return this.deps.sfu.setListening(cidOf(call), call.captioning === true || call.transcribing);
  }

  /** What the SFU heard: a caption for everyone while captions run, a line of the transcript while one is written. */
  heard(cid: string, utterance: HeardUtterance) {
    const call = this.deps.store.get(cid);
    if (!call) return;
    const start_time = utterance.startedAt.toISOString();
    const end_time = utterance.endedAt.toISOString();
    this.transcripts.get(cid)?.push({ type: 'speech', start_time, stop_time: end_time, speaker_id: utterance.userId, text: utterance.text });
    if (!call.captioning) return;
    this.emit(call, {
      type: 'call.closed_caption',
      closed_caption: {
        id: randomUUID(),
        speaker_id: utterance.userId,
        text: utterance.text,
        start_time,
        end_time,
        language: 'en',
        translated: false,
        user: this.userResponse(utterance.userId),
      },
    });
  }

  private artifactResponse(call: StoredCall, artifact: StoredCall['artifacts'][number]) {
    return {
      filename: artifact.filename,
      url: this.deps.artifactUrl(call, artifact.session_id, artifact.filename),
      start_time: artifact.start_time,
      end_time: artifact.end_time,
      session_id: artifact.session_id,
      ...(artifact.recording_type ? { recording_type: artifact.recording_type } : {}),
    };
  }

  listArtifacts(actor: Actor, type: string, id: string, kind: 'recording' | 'transcription') {
    const call = this.existing(type, id);
    this.require(actor, call, 'read-call', cidOf(call));
    const items = call.artifacts.filter((a) => a.kind === kind).map((a) => this.artifactResponse(call, a));
    return kind === 'recording' ? { recordings: items, duration: '0.10ms' } : { transcriptions: items, duration: '0.10ms' };
  }

  /** The artifact a download URL names, if it exists (URLs are unguessable enough for a local stage: cid + session + name). */
  findArtifact(cid: string, sessionId: string, filename: string) {
    const call = this.deps.store.get(cid);
    return call?.artifacts.find((a) => a.session_id === sessionId && a.filename === filename);
  }

  /**
   * A reaction in a call (an emoji over the sender's tile): Stream keeps none, it sends `call.reaction_new` to those
   * who hear the call's events, the sender included; the client puts it on the sender's participant.
   */
  sendReaction(actor: Actor, type: string, id: string, body: { type: string; emoji_code?: string; custom?: Record<string, unknown>; user_id?: string }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'create-reaction', cidOf(call));
    const userId = actor.kind === 'user' ? actor.userId : body.user_id;
    if (!userId) throw badRequest('SendVideoReaction failed with error: "either user or user_id must be provided when using server side auth"');
    const reaction = { type: body.type, user: this.userResponse(userId), custom: body.custom ?? {}, ...(body.emoji_code ? { emoji_code: body.emoji_code } : {}) };
    this.emit(call, { type: 'call.reaction_new', reaction });
    return { reaction, duration: '0.10ms' };
  }

  // ---- backstage and going live -----------------------------------------------------------------------------------

  /** Live: HLS starts with it when asked (`start_hls`) or when the call's settings have it on (`broadcasting.hls.auto_on`). */
  goLive(actor: Actor, type: string, id: string, body: { start_hls?: boolean } = {}) {
    const call = this.existing(type, id);
    this.require(actor, call, 'update-call', cidOf(call));
    if (body.start_hls) this.require(actor, call, 'start-broadcast-call', cidOf(call));
    if (!call.live) {
      call.live = true;
      call.updated_at = this.iso();
      this.deps.store.save();
      this.emit(call, { type: 'call.live_started', call: this.callResponse(call) });
    }
    const hls = call.settings.broadcasting?.hls as { auto_on?: boolean } | undefined;
    if ((body.start_hls || hls?.auto_on === true) && !call.broadcasting && this.broadcastingEnabled(call)) this.beginBroadcast(call);
    return { call: this.callResponse(call), duration: '0.10ms' };
  }

  /** "Once the live ended, the HLS broadcast will be stopped as well", unless asked to go on (`continue_hls`). */
  stopLive(actor: Actor, type: string, id: string, body: { continue_hls?: boolean } = {}) {
    const call = this.existing(type, id);
    this.require(actor, call, 'update-call', cidOf(call));
    if (call.broadcasting && !body.continue_hls) this.endBroadcast(call);
    if (call.live) {
      call.live = false;
      call.updated_at = this.iso();
      this.deps.store.save();
      this.emit(call, { type: 'call.updated', call: this.callResponse(call), capabilities_by_role: capabilitiesByRole(call.type) });
      if (this.isBackstage(call)) this.deps.sfu.liveEnded(cidOf(call));
    }
    return { call: this.callResponse(call), duration: '0.10ms' };
  }

  // ---- broadcasting ----------------------------------------------------------------------------------------------

  private broadcastingEnabled(call: StoredCall) {
    const broadcasting = call.settings.broadcasting as { enabled?: boolean; hls?: { enabled?: boolean } } | undefined;
    return broadcasting?.enabled === true && broadcasting.hls?.enabled === true;
  }

  /** start_broadcasting: the playlist's URL at once; `call.hls_broadcasting_started` once it has a segment. */
  startBroadcasting(actor: Actor, type: string, id: string) {
    const call = this.existing(type, id);
    this.require(actor, call, 'start-broadcast-call', cidOf(call));
    if (!this.broadcastingEnabled(call)) throw badRequest('StartBroadcasting failed with error: "HLS broadcasting is disabled for this call"');
    if (call.broadcasting) throw badRequest('StartBroadcasting failed with error: "call is already being broadcasted"');
    this.beginBroadcast(call);
    return { playlist_url: this.deps.playlistUrl(call), duration: '0.10ms' };
  }

  stopBroadcasting(actor: Actor, type: string, id: string) {
    const call = this.existing(type, id);
    this.require(actor, call, 'stop-broadcast-call', cidOf(call));
    if (!call.broadcasting) throw badRequest('StopBroadcasting failed with error: "call is not being broadcasted"');
    this.endBroadcast(call);
    return { duration: '0.10ms' };
  }

  private beginBroadcast(call: StoredCall) {
    call.broadcasting = true;
    call.updated_at = this.iso();
    this.deps.store.save();
    const cid = cidOf(call);
    this.deps.sfu.startBroadcast(cid, {
      started: () => {
        if (call.broadcasting) this.emit(call, { type: 'call.hls_broadcasting_started', call: this.callResponse(call), hls_playlist_url: this.deps.playlistUrl(call) });
      },
      failed: (error) => {
        if (!call.broadcasting) return;
        this.deps.log?.('the HLS broadcast failed', error);
        call.broadcasting = false;
        this.deps.store.save();
        this.emit(call, { type: 'call.hls_broadcasting_failed' });
      },
    });
  }

  private endBroadcast(call: StoredCall) {
    call.broadcasting = false;
    call.updated_at = this.iso();
    this.deps.store.save();
    void this.deps.sfu.stopBroadcast(cidOf(call));
    this.emit(call, { type: 'call.hls_broadcasting_stopped' });
  }

  // ---- moderation -------------------------------------------------------------------------------------------------

  muteUsers(actor: Actor, type: string, id: string, body: { user_ids?: string[]; mute_all_users?: boolean; audio?: boolean; video?: boolean; screenshare?: boolean; screenshare_audio?: boolean }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'mute-users', cidOf(call));
    if (!body.mute_all_users && !body.user_ids?.length) throw badRequest('MuteUsers failed with error: "either user_ids or mute_all_users is required"');
    const kinds = (['audio', 'video', 'screenshare', 'screenshare_audio'] as const).filter((kind) => body[kind]);
    if (kinds.length === 0) throw badRequest('MuteUsers failed with error: "at least one of audio, video, screenshare or screenshare_audio is required"');
    const userIds = body.mute_all_users ? undefined : body.user_ids;
    this.deps.sfu.muteUsers(cidOf(call), userIds, kinds);
    const mutedIds = userIds ?? (call.session?.participants ?? []).filter((p) => !p.left_at).map((p) => p.user_id);
    this.emit(call, { type: 'call.user_muted', from_user_id: actor.userId ?? call.created_by, muted_user_ids: [...new Set(mutedIds)], reason: 'muted by a moderator' });
    return { duration: '0.10ms' };
  }

  block(actor: Actor, type: string, id: string, body: { user_id: string }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'block-users', cidOf(call));
    this.blockUser(actor, call, body.user_id);
    return { duration: '0.10ms' };
  }

  private blockUser(actor: Actor, call: StoredCall, userId: string) {
    const blocked = new Set(call.blocked_user_ids ?? []);
    if (blocked.has(userId)) return;
    blocked.add(userId);
    call.blocked_user_ids = [...blocked];
    call.updated_at = this.iso();
    this.deps.store.save();
    this.emit(call, { type: 'call.blocked_user', user: this.userResponse(userId), blocked_by_user: actor.userId ? this.userResponse(actor.userId) : undefined });
    this.deps.sfu.removeUser(cidOf(call), userId);
  }

  unblock(actor: Actor, type: string, id: string, body: { user_id: string }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'block-users', cidOf(call));
    if (call.blocked_user_ids?.includes(body.user_id)) {
      call.blocked_user_ids = call.blocked_user_ids.filter((blocked) => blocked !== body.user_id);
      call.updated_at = this.iso();
      this.deps.store.save();
      this.emit(call, { type: 'call.unblocked_user', user: this.userResponse(body.user_id) });
    }
    return { duration: '0.10ms' };
  }

  kick(actor: Actor, type: string, id: string, body: { user_id: string; block?: boolean }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'kick-user', cidOf(call));
    if (body.block) {
      this.require(actor, call, 'block-users', cidOf(call));
      this.blockUser(actor, call, body.user_id);
    }
    this.emit(call, { type: 'call.kicked_user', user: this.userResponse(body.user_id), kicked_by_user: actor.userId ? this.userResponse(actor.userId) : undefined });
    this.deps.sfu.removeUser(cidOf(call), body.user_id);
    return { duration: '0.10ms' };
  }

  pin(actor: Actor, type: string, id: string, body: { user_id: string; session_id: string }, pinned: boolean) {
    const call = this.existing(type, id);
    this.require(actor, call, 'pin-for-everyone', cidOf(call));
    const pins = (call.pins ?? []).filter((p) => p.session_id !== body.session_id);
    if (pinned) pins.push({ user_id: body.user_id, session_id: body.session_id });
    call.pins = pins;
    this.deps.store.save();
    this.deps.sfu.setPins(cidOf(call), pins.map((p) => ({ userId: p.user_id, sessionId: p.session_id })));
    return { duration: '0.10ms' };
  }

  /** Asking for a capability the call's settings let members ask for; those who may grant it hear the request. */
  requestPermission(actor: Actor, type: string, id: string, body: { permissions: string[] }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'read-call', cidOf(call));
    for (const permission of body.permissions) {
      const area = requestableCapabilities[permission];
      if (!area) throw badRequest(`RequestPermission failed with error: "permission ${permission} cannot be requested"`);
      if (call.settings[area]?.access_request_enabled !== true) throw badRequest(`RequestPermission failed with error: "access requests for ${permission} are not enabled for this call"`);
    }
    const userId = actor.userId ?? call.created_by;
    const granters = [...this.audience(call)].filter((candidate) => this.capabilities(this.userActor(candidate), call).includes('update-call-permissions'));
    this.emit(call, { type: 'call.permission_request', permissions: body.permissions, user: this.userResponse(userId) }, { to: granters });
    return { duration: '0.10ms' };
  }

  /** Grants and revokes hold for the call's session; the user hears their new capabilities, the SFU what it may publish. */
  updateUserPermissions(actor: Actor, type: string, id: string, body: { user_id: string; grant_permissions?: string[]; revoke_permissions?: string[] }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'update-call-permissions', cidOf(call));
    const grants = (call.user_grants ??= {});
    const current = grants[body.user_id] ?? { granted: [], revoked: [] };
    for (const permission of body.grant_permissions ?? []) {
      current.revoked = current.revoked.filter((p) => p !== permission);
      if (!current.granted.includes(permission)) current.granted.push(permission);
    }
    for (const permission of body.revoke_permissions ?? []) {
      current.granted = current.granted.filter((p) => p !== permission);
      if (!current.revoked.includes(permission)) current.revoked.push(permission);
    }
    grants[body.user_id] = current;
    call.updated_at = this.iso();
    this.deps.store.save();
    const capabilities = this.capabilities(this.userActor(body.user_id), call);
    this.deps.sfu.updateGrants(cidOf(call), body.user_id, {
      canPublishAudio: capabilities.includes('send-audio'),
      canPublishVideo: capabilities.includes('send-video'),
      canScreenshare: capabilities.includes('screenshare'),
    });
    const lost = (body.revoke_permissions ?? []).map((p) => muteKindOf[p]).filter((kind): kind is MuteKind => Boolean(kind));
    if (lost.length) this.deps.sfu.muteUsers(cidOf(call), [body.user_id], lost);
    this.emit(call, { type: 'call.permissions_updated', user: this.userResponse(body.user_id), own_capabilities: capabilities });
    return { duration: '0.10ms' };
  }

  sendCustomEvent(actor: Actor, type: string, id: string, body: { custom?: Record<string, unknown> }) {
    const call = this.existing(type, id);
    this.require(actor, call, 'read-call', cidOf(call));
    this.emit(call, { type: 'custom', custom: body.custom ?? {}, user: this.userResponse(actor.userId ?? call.created_by) });
    return { duration: '0.10ms' };
  }
}

const capabilityAction: Record<string, string> = {
  'create-call': 'CreateCall',
  'read-call': 'ReadCall',
  'join-call': 'JoinCall',
  'end-call': 'EndCall',
  'update-call': 'UpdateCall',
  'update-call-settings': 'UpdateCallSettings',
  'update-call-member': 'UpdateCallMember',
  'start-record-call': 'StartRecording',
  'stop-record-call': 'StopRecording',
  'start-transcription-call': 'StartTranscription',
  'stop-transcription-call': 'StopTranscription',
  'start-closed-captions-call': 'StartClosedCaptions',
  'stop-closed-captions-call': 'StopClosedCaptions',
  'create-reaction': 'CreateCallReaction',
  'join-backstage': 'JoinBackstage',
  'mute-users': 'MuteUsers',
  'block-users': 'BlockUser',
  'kick-user': 'KickUser',
  'pin-for-everyone': 'PinForEveryone',
  'update-call-permissions': 'UpdateCallPermissions',
};

const muteKindOf: Record<string, MuteKind> = { 'send-audio': 'audio', 'send-video': 'video', screenshare: 'screenshare' };
