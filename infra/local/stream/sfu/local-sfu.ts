import type { IncomingMessage, ServerResponse } from 'node:http';
import { RtcpRrPacket, RtcpSrPacket, type MediaStreamTrack, type RTCIceCandidate, type RTCRtpSender, type RTCRtpTransceiver } from 'werift';
import type { WebSocket } from 'ws';
import { Timestamp } from './generated/google/protobuf/timestamp';
import { SfuEvent, SfuRequest, type JoinRequest } from './generated/video/sfu/event/events';
import {
  CallEndedReason,
  CallState,
  ConnectionQuality,
  PublishOption,
  ErrorCode,
  ParticipantSource,
  PeerType,
  TrackType,
  TrackUnpublishReason,
  WebsocketReconnectStrategy,
  type Participant,
  type Pin,
  type TrackInfo,
} from './generated/video/sfu/models/models';
import {
  ICETrickleResponse,
  SendAnswerResponse,
  SetPublisherResponse,
  SignalServer,
  UpdateMuteStatesResponse,
  UpdateSubscriptionsResponse,
  type ICERestartRequest,
  type UpdateSubscriptionsRequest,
  type SendAnswerRequest,
  type SetPublisherRequest,
  type UpdateMuteStatesRequest,
} from './generated/video/sfu/signal_rpc/signal';
import type { ICETrickle } from './generated/video/sfu/models/models';
import { addForwardingTrack, createMediaPeer, evenLoss, PublishedTrack, type Dimension, type MediaPeer } from './media-peer';
import { QualityMeter } from './connection-quality';
import { CallListener, type RecognisedUtterance } from './speech/call-listener';
import { CallRecorder } from './recording/call-recorder';
import { HlsBroadcast, type BroadcastTrack } from './recording/hls-broadcast';

export interface SfuGrant {
  user_id: string;
  call_cid: string;
  role: string;
}

export interface LocalSfuDeps {
  verifyToken(token: string): SfuGrant | undefined;
  /** who the user is, for the participant's name and picture */
  userInfo(userId: string): { name?: string; image?: string };
  onParticipantJoined(cid: string, userId: string, sessionId: string, role: string): void;
  onParticipantLeft(cid: string, sessionId: string): void;
  /** What a speaker said, while the coordinator has the SFU listen to the call (captions, transcription). */
  onUtterance?(cid: string, utterance: RecognisedUtterance): void;
  /** The recogniser failed while the coordinator had the SFU listen: the call's captions and transcription fail. */
  onListeningFailed?(cid: string, error: Error): void;
  /**
   * Ask publishers for simulcast camera layers (q, h, f) and give each subscriber the one its size needs. Off unless
   * asked for (the sfu bench): on a fresh clone a 320 px subscriber stayed on layer f for 45 s, not yet understood.
   */
  simulcast?: boolean;
  log?(message: string, details?: unknown): void;
}

type SfuPayload = SfuEvent['eventPayload'];

interface Forward {
  publisher: SfuParticipant;
  trackType: TrackType;
  sink: ReturnType<typeof addForwardingTrack>;
  drop: () => boolean;
  /** The size the subscriber asked for (UpdateSubscriptions); none yet: the best layer. */
  wanted?: Dimension;
}

const AUDIO_CLOCK_RATE = 48_000;
const VIDEO_CLOCK_RATE = 90_000;

/** How often each participant's quality is judged from the receiver reports that came in meanwhile. */
const QUALITY_WINDOW_MS = 3000;

class SfuParticipant {
  readonly joinedAt = new Date();
  publisher: MediaPeer | undefined;
  readonly subscriber = createMediaPeer();
  /** what SetPublisher announced, by m-line */
  readonly announced = new Map<string, TrackInfo>();
  readonly published = new Map<TrackType, PublishedTrack>();
  readonly muted = new Set<TrackType>();
  readonly forwards = new Map<string, Forward>();
  /**
   * The size each track was last asked for (UpdateSubscriptions), by `${sessionId}:${trackType}`, kept as Stream's SFU
   * keeps a subscription: the client asks as soon as it sees a track published, which may be before the SFU forwards it
   * (a forward made later starts at that size, rather than at the largest layer until the tile is next resized).
   */
  readonly wanted = new Map<string, Dimension | undefined>();
  /** Unknown until the first receiver reports: then measured (QualityMeter), never assumed. */
  quality = ConnectionQuality.UNSPECIFIED;
  readonly qualityMeter = new QualityMeter();
  /** A test's loss filter on everything forwarded to this participant: the fraction dropped (0, none). */
  forwardLoss = 0;
  negotiationId = 0;
  negotiating: { id: number; timer: NodeJS.Timeout } | undefined;
  renegotiate = false;
  closed = false;

  constructor(
    readonly call: SfuCall,
    readonly socket: WebSocket,
    readonly userId: string,
    readonly sessionId: string,
    readonly role: string,
    readonly name: string,
    readonly image: string,
  ) {}

  get trackLookupPrefix() {
    return this.sessionId.slice(0, 16);
  }

  /** Published and not muted: what the others can see and hear. */
  get liveTracks() {
    return [...this.published.keys()].filter((type) => !this.muted.has(type));
  }

  toProto(): Participant {
    return {
      userId: this.userId,
      sessionId: this.sessionId,
      publishedTracks: this.liveTracks,
      joinedAt: Timestamp.fromDate(this.joinedAt),
      trackLookupPrefix: this.trackLookupPrefix,
      connectionQuality: this.quality,
      isSpeaking: false,
      isDominantSpeaker: this.call.dominantSpeaker === this.sessionId,
      audioLevel: 0,
      name: this.name,
      image: this.image,
      roles: [this.role],
      source: ParticipantSource.WEBRTC_UNSPECIFIED,
    };
  }

  send(payload: SfuPayload) {
    if (this.closed || this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(SfuEvent.toBinary(SfuEvent.create({ eventPayload: payload })));
  }
}

class SfuCall {
  readonly participants = new Map<string, SfuParticipant>();
  pins: Pin[] = [];
  readonly startedAt = new Date();
  dominantSpeaker: string | undefined;
  listener: CallListener | undefined;
  private readonly levelsTimer: NodeJS.Timeout;
  private readonly qualityTimer: NodeJS.Timeout;

  constructor(readonly cid: string) {
    this.levelsTimer = setInterval(() => this.reportAudioLevels(), 250);
    this.qualityTimer = setInterval(() => this.reportQuality(), QUALITY_WINDOW_MS);
  }

  /** Stream's connectionQualityChanged, to everyone, for the participants whose measured quality changed. */
  private reportQuality() {
    const updates = [...this.participants.values()].flatMap((p) => {
      const measured = p.qualityMeter.take();
      if (measured === undefined || measured === p.quality) return [];
      p.quality = measured;
      return [{ userId: p.userId, sessionId: p.sessionId, connectionQuality: measured }];
    });
    if (updates.length) this.broadcast({ oneofKind: 'connectionQualityChanged', connectionQualityChanged: { connectionQualityUpdates: updates } });
  }

  /**
   * Who is speaking, as Stream's SFU tells it: each participant's audio level a few times a second, and the
   * loudest speaker as the dominant one (the layouts put them first).
   */
  private reportAudioLevels() {
    const levels = [...this.participants.values()]
      .filter((p) => p.published.has(TrackType.AUDIO))
      .map((p) => {
        const level = p.muted.has(TrackType.AUDIO) ? 0 : (p.published.get(TrackType.AUDIO)?.takeLevel() ?? 0);
        return { userId: p.userId, sessionId: p.sessionId, level, isSpeaking: level > 0.3 };
      });
    if (levels.length === 0) return;
    this.broadcast({ oneofKind: 'audioLevelChanged', audioLevelChanged: { audioLevels: levels } });
    const loudest = levels.filter((l) => l.isSpeaking).sort((a, b) => b.level - a.level)[0];
    if (loudest && loudest.sessionId !== this.dominantSpeaker) {
      this.dominantSpeaker = loudest.sessionId;
      this.broadcast({ oneofKind: 'dominantSpeakerChanged', dominantSpeakerChanged: { userId: loudest.userId, sessionId: loudest.sessionId } });
    }
  }

  stop() {
    clearInterval(this.levelsTimer);
    clearInterval(this.qualityTimer);
  }

  others(of: SfuParticipant) {
    return [...this.participants.values()].filter((p) => p !== of);
  }

  broadcast(payload: SfuPayload, except?: SfuParticipant) {
    for (const p of this.participants.values()) if (p !== except) p.send(payload);
  }
}

const trackKind = (type: TrackType): 'audio' | 'video' =>
  type === TrackType.AUDIO || type === TrackType.SCREEN_SHARE_AUDIO ? 'audio' : 'video';

/**
 * The publish options the stand-in asks for: VP8 camera in up to three simulcast layers (the client names them q, h
 * and f, smallest first, as many as its camera's size allows), one layer of screen share, Opus audio.
 */
const publishOptionsFor = (simulcast: boolean) => [
  PublishOption.create({ trackType: TrackType.AUDIO, codec: { name: 'opus', payloadType: 111, clockRate: 48000, encodingParameters: '2', fmtp: 'minptime=10;useinbandfec=1' }, bitrate: 64000, fps: 0, maxSpatialLayers: 0, maxTemporalLayers: 0, id: 0, useSingleLayer: false, audioBitrateProfiles: [] }),
  PublishOption.create({ trackType: TrackType.VIDEO, codec: { name: 'vp8', payloadType: 96, clockRate: 90000, encodingParameters: '', fmtp: '' }, bitrate: 1_200_000, fps: 30, maxSpatialLayers: simulcast ? 3 : 1, maxTemporalLayers: 1, videoDimension: { width: 1280, height: 720 }, id: 1, useSingleLayer: !simulcast, audioBitrateProfiles: [] }),
  PublishOption.create({ trackType: TrackType.SCREEN_SHARE, codec: { name: 'vp8', payloadType: 96, clockRate: 90000, encodingParameters: '', fmtp: '' }, bitrate: 2_000_000, fps: 15, maxSpatialLayers: 1, maxTemporalLayers: 1, videoDimension: { width: 1920, height: 1080 }, id: 2, useSingleLayer: true, audioBitrateProfiles: [] }),
  PublishOption.create({ trackType: TrackType.SCREEN_SHARE_AUDIO, codec: { name: 'opus', payloadType: 111, clockRate: 48000, encodingParameters: '2', fmtp: 'minptime=10;useinbandfec=1' }, bitrate: 64000, fps: 0, maxSpatialLayers: 0, maxTemporalLayers: 0, id: 3, useSingleLayer: false, audioBitrateProfiles: [] }),
];

export class SfuRpcError extends Error {
  constructor(
    readonly status: number,
    readonly twirpCode: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A small SFU that speaks Stream's SFU protocol (GetStream/protocol, video/sfu): the signalling WebSocket carries
 * binary SfuRequest/SfuEvent messages, the Twirp SignalServer takes the negotiation, and werift peer connections
 * forward every published track to every other participant of the call.
 */
export class LocalSfu {
  private readonly calls = new Map<string, SfuCall>();
  /** the calls whose speech is being recognised, whether or not anyone is in them yet */
  private readonly listening = new Set<string>();
  /** the calls being recorded, whether or not anyone is in them yet */
  private readonly recorders = new Map<string, CallRecorder>();
  /** the calls being broadcast over HLS, whether or not anyone is in them yet */
  private readonly broadcasts = new Map<string, HlsBroadcast>();
  private closing = false;
  private readonly log: (message: string, details?: unknown) => void;
  private readonly publishOptions: PublishOption[];

  constructor(private readonly deps: LocalSfuDeps) {
    this.log = deps.log ?? (() => undefined);
    this.publishOptions = publishOptionsFor(deps.simulcast ?? false);
  }

  get participantCount() {
    return [...this.calls.values()].reduce((n, call) => n + call.participants.size, 0);
  }

  // ---- the signalling WebSocket ----------------------------------------------------------------------------------

  acceptSocket(socket: WebSocket) {
    let participant: SfuParticipant | undefined;
    socket.on('message', (data, isBinary) => {
      try {
        const bytes = isBinary ? new Uint8Array(data as Buffer) : undefined;
        const request = bytes ? SfuRequest.fromBinary(bytes) : SfuRequest.fromJsonString(String(data), { ignoreUnknownFields: true });
        const payload = request.requestPayload;
        switch (payload.oneofKind) {
          case 'joinRequest':
            participant = this.join(socket, payload.joinRequest);
            break;
          case 'healthCheckRequest':
            socket.send(SfuEvent.toBinary(SfuEvent.create({ eventPayload: { oneofKind: 'healthCheckResponse', healthCheckResponse: { participantCount: { total: participant?.call.participants.size ?? 0, anonymous: 0 } } } })));
            break;
          case 'leaveCallRequest':
            if (participant) this.leave(participant);
            break;
          default:
            break;
        }
      } catch (error) {
        this.log('SFU: a signalling message failed', error);
        socket.send(SfuEvent.toBinary(SfuEvent.create({ eventPayload: { oneofKind: 'error', error: { error: { code: ErrorCode.INTERNAL_SERVER_ERROR, message: String(error), shouldRetry: false }, reconnectStrategy: 0 } } })));
      }
    });
    socket.on('close', () => {
      if (participant) this.leave(participant);
    });
  }

  private join(socket: WebSocket, request: JoinRequest) {
    const grant = this.deps.verifyToken(request.token);
    if (!grant) {
      socket.send(SfuEvent.toBinary(SfuEvent.create({ eventPayload: { oneofKind: 'error', error: { error: { code: ErrorCode.PERMISSION_DENIED, message: 'invalid SFU token', shouldRetry: false }, reconnectStrategy: 0 } } })));
      socket.close(4000, 'invalid token');
      throw new Error('invalid SFU token');
    }
    const call = this.calls.get(grant.call_cid) ?? new SfuCall(grant.call_cid);
    this.calls.set(call.cid, call);
    if (this.listening.has(call.cid)) this.startListening(call);
    const previous = call.participants.get(request.sessionId);
    if (previous) this.leave(previous, false);
    const user = this.deps.userInfo(grant.user_id);
    const participant = new SfuParticipant(call, socket, grant.user_id, request.sessionId, grant.role, user.name ?? '', user.image ?? '');
    call.participants.set(participant.sessionId, participant);
    this.watchIce(participant, participant.subscriber, PeerType.SUBSCRIBER);

    participant.send({
      oneofKind: 'joinResponse',
      joinResponse: {
        callState: CallState.create({
          participants: [...call.participants.values()].map((p) => p.toProto()),
          startedAt: Timestamp.fromDate(call.startedAt),
          participantCount: { total: call.participants.size, anonymous: 0 },
          pins: call.pins,
        }),
        reconnected: false,
        fastReconnectDeadlineSeconds: 0,
        publishOptions: this.publishOptions,
      },
    });
    call.broadcast({ oneofKind: 'participantJoined', participantJoined: { callCid: call.cid, participant: participant.toProto(), isPinned: false } }, participant);
    for (const other of call.others(participant)) {
      for (const type of other.published.keys()) this.forward(other, type, participant);
    }
    void this.negotiateSubscriber(participant);
    this.deps.onParticipantJoined(call.cid, participant.userId, participant.sessionId, participant.role);
    return participant;
  }

  private leave(participant: SfuParticipant, notify = true) {
    if (participant.closed) return;
    participant.closed = true;
    const { call } = participant;
    call.participants.delete(participant.sessionId);
    call.listener?.forget(participant.sessionId);
    for (const track of participant.published.values()) track.stop();
    for (const other of call.participants.values()) {
      let changed = false;
      for (const [key, forward] of other.forwards) {
        if (forward.publisher !== participant) continue;
        other.forwards.delete(key);
        other.subscriber.removeTrack(forward.sink.transceiver.sender);
        changed = true;
      }
      if (changed) void this.negotiateSubscriber(other);
    }
    void participant.publisher?.close();
    void participant.subscriber.close();
    if (notify) call.broadcast({ oneofKind: 'participantLeft', participantLeft: { callCid: call.cid, participant: participant.toProto() } });
    this.updateBroadcast(call.cid);
    if (participant.socket.readyState === participant.socket.OPEN) participant.socket.close(1000, 'left');
    if (call.participants.size === 0) {
      void call.listener?.close();
      call.listener = undefined;
      call.stop();
      this.calls.delete(call.cid);
    }
    // Shutting down is no one leaving: the coordinator ends such sessions when it next starts (CallStore).
    if (!this.closing) this.deps.onParticipantLeft(call.cid, participant.sessionId);
  }

  /** Stop live: everyone hears it (the client leaves unless it may stay backstage, as Stream's client does). */
  liveEnded(cid: string) {
    this.calls.get(cid)?.broadcast({
      oneofKind: 'error',
      error: { error: { code: ErrorCode.LIVE_ENDED, message: 'the call is no longer live', shouldRetry: false }, reconnectStrategy: WebsocketReconnectStrategy.DISCONNECT },
    });
  }

  /**
   * Kicked or blocked: the user's participants hear that the call ended for them (the client leaves on it) and are let
   * go after a moment, so that the client's own leave comes first and it does not take the closed socket for a drop.
   */
  removeUser(cid: string, userId: string) {
    const call = this.calls.get(cid);
    for (const participant of [...(call?.participants.values() ?? [])].filter((p) => p.userId === userId)) {
      participant.send({ oneofKind: 'callEnded', callEnded: { reason: CallEndedReason.KICKED } });
      setTimeout(() => this.leave(participant), 1500).unref();
    }
  }

  /** A moderator muted these users: their tracks are unpublished with the moderation reason and stay muted. */
  muteUsers(cid: string, userIds: string[] | undefined, kinds: ('audio' | 'video' | 'screenshare' | 'screenshare_audio')[]) {
    const call = this.calls.get(cid);
    const types = kinds.map((kind) => ({ audio: TrackType.AUDIO, video: TrackType.VIDEO, screenshare: TrackType.SCREEN_SHARE, screenshare_audio: TrackType.SCREEN_SHARE_AUDIO })[kind]);
    for (const participant of call?.participants.values() ?? []) {
      if (userIds && !userIds.includes(participant.userId)) continue;
      for (const type of types) {
        if (!participant.published.has(type) || participant.muted.has(type)) continue;
        participant.muted.add(type);
        this.announceTrack(participant, type, false, TrackUnpublishReason.MODERATION);
      }
    }
    this.updateBroadcast(cid);
  }

  setPins(cid: string, pins: Pin[]) {
    const call = this.calls.get(cid);
    if (!call) return;
    call.pins = pins;
    call.broadcast({ oneofKind: 'pinsUpdated', pinsUpdated: { pins } });
  }

  updateGrants(cid: string, userId: string, grants: { canPublishAudio: boolean; canPublishVideo: boolean; canScreenshare: boolean }) {
    for (const participant of this.calls.get(cid)?.participants.values() ?? []) {
      if (participant.userId === userId) participant.send({ oneofKind: 'callGrantsUpdated', callGrantsUpdated: { currentGrants: grants, message: '' } });
    }
  }

  /** The coordinator ended the call: everyone is told and let go. */
  endCall(cid: string) {
    const call = this.calls.get(cid);
    if (!call) return;
    call.broadcast({ oneofKind: 'callEnded', callEnded: { reason: CallEndedReason.ENDED } });
    for (const participant of [...call.participants.values()]) this.leave(participant, false);
  }

  // ---- speech ----------------------------------------------------------------------------------------------------

  /**
   * Captions or a transcription run (or no longer do): the SFU recognises what each speaker says. Resolves when
   * listening stopped and the last utterances were delivered.
   */
  async setListening(cid: string, on: boolean) {
    const call = this.calls.get(cid);
    if (on) {
      this.listening.add(cid);
      if (call) this.startListening(call);
      return;
    }
    this.listening.delete(cid);
    const listener = call?.listener;
    if (call) call.listener = undefined;
    await listener?.close();
  }

  private listeningFailed(cid: string, error: Error) {
    if (this.listening.has(cid)) this.deps.onListeningFailed?.(cid, error);
  }

  /** A test's fault: the recogniser fails in this call, as a crashed ffmpeg or pocketsphinx would make it. */
  failListening(cid: string, message: string) {
    this.listeningFailed(cid, new Error(message));
  }

  private startListening(call: SfuCall) {
    if (call.listener) return;
    const listener = new CallListener((utterance) => this.deps.onUtterance?.(call.cid, utterance), this.log, (error) => this.listeningFailed(call.cid, error));
    call.listener = listener;
    for (const participant of call.participants.values()) this.listenTo(participant);
  }

  private listenTo(participant: SfuParticipant) {
    const audio = participant.published.get(TrackType.AUDIO);
    if (audio) participant.call.listener?.listen(participant.userId, participant.sessionId, (tap) => audio.tap(tap));
  }

  // ---- recording -------------------------------------------------------------------------------------------------

  startRecording(cid: string) {
    if (this.recorders.has(cid)) return;
    this.recorders.set(cid, new CallRecorder());
    for (const participant of this.calls.get(cid)?.participants.values() ?? []) {
      for (const type of participant.published.keys()) this.recordTrack(participant, type);
    }
  }

  /** The recording, composed into `output` by ffmpeg; its length in ms. */
  async finishRecording(cid: string, ffmpeg: string, output: string) {
    const recorder = this.recorders.get(cid);
    this.recorders.delete(cid);
    if (!recorder) throw new Error(`${cid} is not being recorded`);
    return recorder.finish(ffmpeg, output);
  }

  /** A recording this machine cannot compose (no ffmpeg): its parts are let go. */
  async dropRecording(cid: string) {
    const recorder = this.recorders.get(cid);
    this.recorders.delete(cid);
    await recorder?.discard();
  }

  /** The camera and the microphone are recorded; a screen share is not (Stream's default layout shows it instead). */
  private recordTrack(participant: SfuParticipant, type: TrackType) {
    const recorder = this.recorders.get(participant.call.cid);
    const published = participant.published.get(type);
    const source = published?.source;
    if (!recorder || !published || !source || (type !== TrackType.AUDIO && type !== TrackType.VIDEO)) return;
    void recorder.record(`${participant.sessionId}:${type}`, source, () => published.requestKeyframe(source.rid)).catch((error: unknown) => this.log('SFU: a track could not be recorded', error));
  }

  // ---- broadcasting --------------------------------------------------------------------------------------------

  /**
   * HLS of the call starts: ffmpeg composes what the recording would (the cameras and microphones, live ones only: a
   * muted track sends nothing, which would hold the picture) into `dir`.
   */
  startBroadcast(cid: string, ffmpeg: string, dir: string, on: { started(): void; failed(error: Error): void }) {
    if (this.broadcasts.has(cid)) return;
    const broadcast = new HlsBroadcast(ffmpeg, dir, {
      started: on.started,
      failed: (error) => {
        if (this.broadcasts.get(cid) === broadcast) this.broadcasts.delete(cid);
        on.failed(error);
      },
    }, this.log);
    this.broadcasts.set(cid, broadcast);
    this.updateBroadcast(cid);
  }

  /** The broadcast ends; its playlist is ended and stays (a player plays on to its end). */
  async stopBroadcast(cid: string) {
    const broadcast = this.broadcasts.get(cid);
    this.broadcasts.delete(cid);
    await broadcast?.stop();
  }

  private updateBroadcast(cid: string) {
    const broadcast = this.broadcasts.get(cid);
    if (!broadcast) return;
    const tracks: BroadcastTrack[] = [];
    for (const participant of this.calls.get(cid)?.participants.values() ?? []) {
      for (const type of participant.liveTracks) {
        const published = participant.published.get(type);
        const source = published?.source;
        if (!published || !source || (type !== TrackType.AUDIO && type !== TrackType.VIDEO)) continue;
        tracks.push({ key: `${participant.sessionId}:${type}:${source.id}`, kind: type === TrackType.VIDEO ? 'video' : 'audio', track: source, requestKeyframe: () => published.requestKeyframe(source.rid) });
      }
    }
    broadcast.setTracks(tracks);
  }

  // ---- ICE -------------------------------------------------------------------------------------------------------

  private watchIce(participant: SfuParticipant, peer: MediaPeer, peerType: PeerType) {
    peer.onIceCandidate.subscribe((candidate: RTCIceCandidate | undefined) => {
      if (!candidate) return;
      participant.send({ oneofKind: 'iceTrickle', iceTrickle: { peerType, iceCandidate: JSON.stringify(candidate.toJSON()), sessionId: participant.sessionId } });
    });
  }

  // ---- media -----------------------------------------------------------------------------------------------------

  private forward(publisher: SfuParticipant, trackType: TrackType, subscriber: SfuParticipant) {
    const key = `${publisher.sessionId}:${trackType}`;
    const source = publisher.published.get(trackType);
    if (!source || subscriber.forwards.has(key)) return;
    const kind = trackKind(trackType);
    const sink = addForwardingTrack(subscriber.subscriber, kind, `${publisher.trackLookupPrefix}:TRACK_TYPE_${TrackType[trackType]}`);
    const drop = evenLoss(() => subscriber.forwardLoss);
    const wanted = subscriber.wanted.get(key);
    subscriber.forwards.set(key, { publisher, trackType, sink, drop, wanted });
    this.measure(subscriber, sink.transceiver.sender, kind === 'audio' ? AUDIO_CLOCK_RATE : VIDEO_CLOCK_RATE);
    source.attach(sink.track, sink.transceiver.sender, drop, wanted);
  }

  /** UpdateSubscriptions: each subscribed video goes at the layer for the size its element shows it at. */
  private updateSubscriptions(subscriber: SfuParticipant, request: UpdateSubscriptionsRequest) {
    for (const track of request.tracks) {
      const key = `${track.sessionId}:${track.trackType}`;
      const wanted = track.dimension && track.dimension.width > 0 ? { width: track.dimension.width, height: track.dimension.height } : undefined;
      subscriber.wanted.set(key, wanted);
      const forward = subscriber.forwards.get(key);
      if (!forward) continue;
      forward.wanted = wanted;
      forward.publisher.published.get(forward.trackType)?.select(forward.sink.track, wanted);
    }
    return UpdateSubscriptionsResponse.create({});
  }

  /** The simulcast layer (rid; '' without simulcast) the SFU forwards of a publisher's track to a subscriber: for tests and benches. */
  forwardedLayer(cid: string, subscriberUserId: string, publisherUserId: string, trackType: TrackType) {
    const participants = [...(this.calls.get(cid)?.participants.values() ?? [])];
    const subscriber = participants.find((p) => p.userId === subscriberUserId);
    const publisher = participants.find((p) => p.userId === publisherUserId);
    const forward = publisher && subscriber?.forwards.get(`${publisher.sessionId}:${trackType}`);
    return forward ? publisher.published.get(trackType)?.layerOf(forward.sink.track) : undefined;
  }

  /** The layers of a user's track the SFU receives now, smallest first (rid, size): for tests and benches. */
  publishedLayers(cid: string, userId: string, trackType: TrackType) {
    const publisher = [...(this.calls.get(cid)?.participants.values() ?? [])].find((p) => p.userId === userId);
    return publisher?.published.get(trackType)?.sendingLayers() ?? [];
  }

  /**
   * The subscriber's browser reports what it received of each forwarded stream (RTCP receiver reports): loss, jitter,
   * and, echoing the SFU's sender reports, the round trip. Those are what the participant's quality is judged on.
   */
  private measure(subscriber: SfuParticipant, sender: RTCRtpSender, clockRate: number) {
    sender.onRtcp.subscribe((packet) => {
      if (!(packet instanceof RtcpRrPacket) && !(packet instanceof RtcpSrPacket)) return;
      for (const report of packet.reports) {
        if (report.ssrc !== sender.ssrc) continue;
        // werift has just taken the round trip from this report's LSR and DLSR (its sender reports' clock is its own).
        const remote = sender.collectStats(Date.now()).find((stats) => stats.type === 'remote-inbound-rtp') as { roundTripTime?: number } | undefined;
        subscriber.qualityMeter.add({
          ssrc: report.ssrc,
          packetsLost: report.packetsLost,
          highestSequence: report.highestSequence,
          ...(clockRate === AUDIO_CLOCK_RATE ? { jitterMs: (report.jitter / clockRate) * 1000 } : {}),
          ...(remote?.roundTripTime === undefined ? {} : { rttMs: remote.roundTripTime * 1000 }),
        });
      }
    });
  }

  /** A test's loss filter: drop this fraction of what the SFU forwards to the user's participants (0 turns it off). */
  setForwardLoss(cid: string, userId: string, fraction: number) {
    for (const participant of this.calls.get(cid)?.participants.values() ?? []) if (participant.userId === userId) participant.forwardLoss = fraction;
  }

  private onPublishedTrack(participant: SfuParticipant, transceiver: RTCRtpTransceiver, track: MediaStreamTrack) {
    const info = transceiver.mid === null ? undefined : participant.announced.get(transceiver.mid);
    if (!info) {
      this.log('SFU: a track arrived that SetPublisher did not announce', { mid: transceiver.mid });
      return;
    }
    const type = info.trackType;
    const sizes = new Map(info.layers.flatMap((layer) => (layer.videoDimension ? [[layer.rid, layer.videoDimension] as const] : [])));
    const current = participant.published.get(type);
    // Another simulcast layer of the track already published.
    if (current?.transceiver === transceiver && track.rid) {
      current.setLayerSizes(sizes);
      current.addLayer(track);
      return;
    }
    current?.stop();
    const published = new PublishedTrack(trackKind(type), transceiver);
    published.setLayerSizes(sizes);
    published.addLayer(track);
    participant.published.set(type, published);
    if (info.muted) participant.muted.add(type);
    else participant.muted.delete(type);
    if (type === TrackType.AUDIO) this.listenTo(participant);
    this.recordTrack(participant, type);
    this.updateBroadcast(participant.call.cid);
    for (const other of participant.call.others(participant)) {
      const existing = other.forwards.get(`${participant.sessionId}:${type}`);
      if (existing) {
        published.attach(existing.sink.track, existing.sink.transceiver.sender, existing.drop, existing.wanted);
        continue;
      }
      this.forward(participant, type, other);
      void this.negotiateSubscriber(other);
    }
    if (!participant.muted.has(type)) this.announceTrack(participant, type, true);
  }

  private announceTrack(participant: SfuParticipant, type: TrackType, published: boolean, cause = TrackUnpublishReason.USER_MUTED) {
    const common = { userId: participant.userId, sessionId: participant.sessionId, type, participant: participant.toProto() };
    participant.call.broadcast(
      published
        ? { oneofKind: 'trackPublished', trackPublished: common }
        : { oneofKind: 'trackUnpublished', trackUnpublished: { ...common, cause } },
    );
  }

  /** The SFU offers the subscriber connection; one negotiation at a time, the next one after the answer. */
  private async negotiateSubscriber(participant: SfuParticipant) {
    if (participant.closed) return;
    if (participant.negotiating) {
      participant.renegotiate = true;
      return;
    }
    if (participant.subscriber.getTransceivers().length === 0) return;
    participant.renegotiate = false;
    const id = ++participant.negotiationId;
    const timer = setTimeout(() => this.finishNegotiation(participant, id), 10_000);
    participant.negotiating = { id, timer };
    try {
      const offer = await participant.subscriber.createOffer();
      await participant.subscriber.setLocalDescription(offer);
      const sdp = participant.subscriber.localDescription?.sdp ?? offer.sdp;
      participant.send({ oneofKind: 'subscriberOffer', subscriberOffer: { iceRestart: false, sdp, negotiationId: id } });
    } catch (error) {
      // A participant who left while the offer was made has a closed connection: nothing failed.
      if (!participant.closed) this.log('SFU: the subscriber offer failed', error);
      this.finishNegotiation(participant, id);
    }
  }

  private finishNegotiation(participant: SfuParticipant, id: number) {
    if (participant.negotiating?.id !== id) return;
    clearTimeout(participant.negotiating.timer);
    participant.negotiating = undefined;
    if (participant.renegotiate) void this.negotiateSubscriber(participant);
  }

  // ---- Twirp -----------------------------------------------------------------------------------------------------

  private participantOf(authorization: string | undefined, sessionId: string) {
    const token = authorization?.replace(/^Bearer\s+/i, '') ?? '';
    const grant = token ? this.deps.verifyToken(token) : undefined;
    if (!grant) throw new SfuRpcError(401, 'unauthenticated', 'invalid or missing SFU token');
    const participant = this.calls.get(grant.call_cid)?.participants.get(sessionId);
    if (!participant || participant.userId !== grant.user_id) throw new SfuRpcError(404, 'not_found', `no participant with session ${sessionId} in ${grant.call_cid}`);
    return participant;
  }

  private async setPublisher(participant: SfuParticipant, request: SetPublisherRequest) {
    for (const track of request.tracks) participant.announced.set(track.mid, track);
    if (!participant.publisher) {
      const peer = createMediaPeer({ publisher: true });
      participant.publisher = peer;
      this.watchIce(participant, peer, PeerType.PUBLISHER_UNSPECIFIED);
      peer.onRemoteTransceiverAdded.subscribe((transceiver) => {
        transceiver.onTrack.subscribe((track) => this.onPublishedTrack(participant, transceiver, track));
      });
    }
    await participant.publisher.setRemoteDescription({ type: 'offer', sdp: request.sdp });
    const answer = await participant.publisher.createAnswer();
    await participant.publisher.setLocalDescription(answer);
    return SetPublisherResponse.create({ sdp: participant.publisher.localDescription?.sdp ?? answer.sdp, sessionId: participant.sessionId });
  }

  private async sendAnswer(participant: SfuParticipant, request: SendAnswerRequest) {
    if (request.peerType !== PeerType.SUBSCRIBER) return SendAnswerResponse.create({ error: { code: ErrorCode.REQUEST_VALIDATION_FAILED, message: 'answers are for the subscriber', shouldRetry: false } });
    await participant.subscriber.setRemoteDescription({ type: 'answer', sdp: request.sdp });
    this.finishNegotiation(participant, request.negotiationId || participant.negotiating?.id || 0);
    for (const forward of participant.forwards.values()) forward.publisher.published.get(forward.trackType)?.requestKeyframe();
    return SendAnswerResponse.create({});
  }

  private async iceTrickle(participant: SfuParticipant, request: ICETrickle) {
    const peer = request.peerType === PeerType.SUBSCRIBER ? participant.subscriber : participant.publisher;
    if (peer) await peer.addIceCandidate(JSON.parse(request.iceCandidate)).catch((error: unknown) => this.log('SFU: a remote candidate was refused', error));
    return ICETrickleResponse.create({});
  }

  private updateMuteStates(participant: SfuParticipant, request: UpdateMuteStatesRequest) {
    for (const { trackType, muted } of request.muteStates) {
      const was = participant.muted.has(trackType);
      if (muted) participant.muted.add(trackType);
      else participant.muted.delete(trackType);
      if (was !== muted && participant.published.has(trackType)) this.announceTrack(participant, trackType, !muted);
    }
    this.updateBroadcast(participant.call.cid);
    return UpdateMuteStatesResponse.create({});
  }

  private iceRestart(participant: SfuParticipant, request: ICERestartRequest) {
    if (request.peerType === PeerType.SUBSCRIBER) void this.negotiateSubscriber(participant);
    return {};
  }

  /** POST {base}/stream.video.sfu.signal.SignalServer/{Method}, JSON or protobuf as the client sends it. */
  async handleTwirp(req: IncomingMessage, res: ServerResponse, methodName: string) {
    const method = SignalServer.methods.find((m) => m.name === methodName);
    const json = !String(req.headers['content-type'] ?? '').includes('protobuf');
    const reply = (status: number, body: Uint8Array | string, type: string) => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    try {
      if (!method) throw new SfuRpcError(404, 'bad_route', `no method ${methodName}`);
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const raw = Buffer.concat(chunks);
      const input = (json ? method.I.fromJsonString(raw.toString() || '{}', { ignoreUnknownFields: true }) : method.I.fromBinary(raw)) as { sessionId?: string };
      const participant = this.participantOf(req.headers.authorization, input.sessionId ?? '');
      const output = await this.dispatch(methodName, participant, input);
      const message = method.O.create(output as object);
      if (json) reply(200, method.O.toJsonString(message), 'application/json');
      else reply(200, method.O.toBinary(message), 'application/protobuf');
    } catch (error) {
      const e = error instanceof SfuRpcError ? error : new SfuRpcError(500, 'internal', String(error));
      if (!(error instanceof SfuRpcError)) this.log(`SFU: ${methodName} failed`, error);
      reply(e.status, JSON.stringify({ code: e.twirpCode, msg: e.message }), 'application/json');
    }
  }

  private async dispatch(methodName: string, participant: SfuParticipant, input: unknown): Promise<unknown> {
    switch (methodName) {
      case 'SetPublisher': return this.setPublisher(participant, input as SetPublisherRequest);
      case 'SendAnswer': return this.sendAnswer(participant, input as SendAnswerRequest);
      case 'IceTrickle': return this.iceTrickle(participant, input as ICETrickle);
      case 'UpdateMuteStates': return this.updateMuteStates(participant, input as UpdateMuteStatesRequest);
      case 'IceRestart': return this.iceRestart(participant, input as ICERestartRequest);
      case 'UpdateSubscriptions': return this.updateSubscriptions(participant, input as UpdateSubscriptionsRequest);
      // Stats, metrics and noise cancellation change nothing here; every track goes to everyone.
      default: return {};
    }
  }

  async close() {
    this.closing = true;
    await Promise.all([...this.broadcasts.keys()].map((cid) => this.stopBroadcast(cid)));
    for (const call of this.calls.values()) for (const p of [...call.participants.values()]) this.leave(p, false);
  }
}
