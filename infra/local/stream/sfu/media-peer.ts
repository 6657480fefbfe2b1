import {
  MediaStream,
  MediaStreamTrack,
  RTCPeerConnection,
  useAudioLevelIndication,
  useOPUS,
  useSdesMid,
  useSdesRTPStreamId,
  useVP8,
  type RtpPacket,
  type RTCRtpSender,
  type RTCRtpTransceiver,
} from 'werift';

const AUDIO_LEVEL_URI = useAudioLevelIndication().uri;

/**
 * werift peer connections as Stream's SFU uses them: one the client publishes on (the SFU answers) and one it
 * subscribes on (the SFU offers). VP8 and Opus only: every browser has them, and the stand-in forwards RTP
 * without transcoding, so publisher and subscriber must agree on one codec each.
 */
export const createMediaPeer = (options: { publisher?: boolean } = {}) =>
  new RTCPeerConnection({
    // The publisher's audio carries its level (RFC 6464), which the SFU reports as Stream's does (audioLevelChanged);
    // its video carries the simulcast layer's rid (RFC 8852), by which werift tells the layers apart.
    headerExtensions: options.publisher ? { audio: [useAudioLevelIndication()], video: [useSdesMid(), useSdesRTPStreamId()] } : {},
    codecs: {
      audio: [useOPUS()],
      video: [
        useVP8({
          rtcpFeedback: [{ type: 'nack' }, { type: 'nack', parameter: 'pli' }, { type: 'ccm', parameter: 'fir' }, { type: 'goog-remb' }],
        }),
      ],
    },
    // Everything runs on this machine: the loopback address is the one candidate that always works.
    iceAdditionalHostAddresses: ['127.0.0.1'],
    iceUseIpv6: false,
  });

export type MediaPeer = ReturnType<typeof createMediaPeer>;

/** A published track, fanned out to the subscribers' forwarding tracks. */
/** Whether to drop the next packet on its way to one subscriber (a test's loss filter); absent, nothing is dropped. */
export type DropFilter = () => boolean;

/** Drops `fraction` of the packets, evenly spread (every tenth for 10 %), so a test reads a steady loss. */
export const evenLoss = (fraction: () => number): DropFilter => {
  let owed = 0;
  return () => {
    owed += fraction();
    if (owed < 1) return false;
    owed -= 1;
    return true;
  };
};

/** A size a subscriber asked for (UpdateSubscriptions' dimension), or the announced size of a simulcast layer. */
export interface Dimension {
  width: number;
  height: number;
}

interface Layer {
  track: MediaStreamTrack;
  ssrc?: number;
  lastPacketAt: number;
  /** The size of its last keyframe: what it carries now, which may be less than announced. */
  size?: Dimension;
}

interface Sink {
  sender?: RTCRtpSender;
  drop?: DropFilter;
  /** The size asked for; none: the best layer. */
  wanted?: Dimension;
  /** The layer it receives, and the one it moves to at that layer's next keyframe. */
  layer?: string;
  pending?: string;
  /** Added to the layer's sequence numbers and timestamps, so that one layer continues where the last one stopped. */
  seqOffset: number;
  timestampOffset: number;
  lastSeq?: number;
  lastTimestamp?: number;
}

/** One frame at 30 fps on the 90 kHz video clock: the gap a layer switch leaves between the two layers' frames. */
const FRAME_TICKS = 3000;

/** A layer that sent nothing for this long is off (the browser stops a layer when short of CPU or bandwidth); generous, as a starved machine delays packets by seconds. */
const LAYER_IDLE_MS = 5000;

/**
 * The frame size of a VP8 keyframe, read from the first packet of the frame (RFC 7741's payload descriptor, then
 * RFC 6386's keyframe header); undefined for any other packet. Only at a keyframe can a subscriber start decoding or
 * move to another layer, and its size is what the layer really carries: Chromium short of CPU scales its layers down
 * from what SetPublisher announced.
 */
export const vp8KeyframeSize = (payload: Buffer): Dimension | undefined => {
  const first = payload[0];
  // S (start of a partition) with partition 0: the frame's first packet.
  if (first === undefined || (first & 0x17) !== 0x10) return undefined;
  let offset = 1;
  if (first & 0x80) {
    const extension = payload[offset++] ?? 0;
    if (extension & 0x80) offset += (payload[offset] ?? 0) & 0x80 ? 2 : 1;
    if (extension & 0x40) offset += 1;
    if (extension & 0x30) offset += 1;
  }
  // The frame tag's P bit is 0 for a keyframe, whose 3-byte start code precedes 14-bit width and height.
  if (payload.length < offset + 10 || (payload[offset]! & 0x01) !== 0) return undefined;
  if (payload[offset + 3] !== 0x9d || payload[offset + 4] !== 0x01 || payload[offset + 5] !== 0x2a) return undefined;
  return { width: payload.readUInt16LE(offset + 6) & 0x3fff, height: payload.readUInt16LE(offset + 8) & 0x3fff };
};

/**
 * A published track, fanned out to the subscribers' forwarding tracks. With simulcast it has one layer per rid
 * (q, h, f, as the client offers them; '' without simulcast), and each subscriber gets the smallest layer that covers
 * the size it asked for, moving to another only on that layer's keyframe (asked for with a PLI), as an SFU must: a
 * decoder cannot continue one layer's stream with another's frames.
 */
export class PublishedTrack {
  private readonly layers = new Map<string, Layer>();
  private readonly sinks = new Map<MediaStreamTrack, Sink>();
  private readonly keyframeTimer: NodeJS.Timeout | undefined;
  private readonly lastKeyframeRequest = new Map<string, number>();
  private sizes: ReadonlyMap<string, Dimension> = new Map();
  /** the loudest level since last read, 0 (silence) to 1, from the RFC 6464 header extension */
  private peakLevel = 0;
  /** who listens to the packets themselves (captions, transcripts, recordings): payload, RTP timestamp, -dBov level */
  private readonly taps = new Set<(payload: Buffer, timestamp: number, level: number | undefined) => void>();

  constructor(
    readonly kind: 'audio' | 'video',
    readonly transceiver: RTCRtpTransceiver,
  ) {
    // A subscriber can only start decoding at a keyframe: ask the publisher for one regularly, as SFUs do when
    // subscribers come and go (cheap at this scale, and it also heals a lost keyframe); a layer that stopped is left.
    if (kind === 'video') {
      this.keyframeTimer = setInterval(() => {
        for (const sink of this.sinks.values()) this.retarget(sink);
        this.requestKeyframe();
      }, 2000);
    }
  }

  /** A layer arrived (werift's track per rid, or the one track of a stream without simulcast). */
  addLayer(track: MediaStreamTrack) {
    const rid = track.rid ?? '';
    if (this.layers.has(rid)) return;
    const layer: Layer = { track, lastPacketAt: 0 };
    this.layers.set(rid, layer);
    // Each packet is handed over serialized: werift's senders rewrite payload type and SSRC in place.
    track.onReceiveRtp.subscribe((rtp, extensions) => {
      const fresh = layer.lastPacketAt === 0;
      layer.ssrc = rtp.header.ssrc;
      layer.lastPacketAt = Date.now();
      if (fresh) for (const sink of this.sinks.values()) this.retarget(sink);
      const indication = extensions?.[AUDIO_LEVEL_URI] as { level: number } | undefined;
      // -dBov from 127 (silence) to 0 (loudest): below -70 dBov counts as silence.
      if (indication) this.peakLevel = Math.max(this.peakLevel, Math.max(0, 70 - indication.level) / 70);
      for (const tap of this.taps) tap(rtp.payload, rtp.header.timestamp, indication?.level);
      const keyframeSize = this.kind === 'video' ? vp8KeyframeSize(rtp.payload) : undefined;
      if (keyframeSize) layer.size = keyframeSize;
      this.fanOut(rid, rtp, this.kind === 'audio' || keyframeSize !== undefined);
    });
  }

  /** The track a recorder writes: the first layer that arrived (the one track without simulcast), the one a browser short of CPU keeps. */
  get source(): MediaStreamTrack | undefined {
    return this.layers.values().next().value?.track;
  }

  /** The sizes SetPublisher announced for the layers, by rid (`TrackInfo.layers`). */
  setLayerSizes(sizes: ReadonlyMap<string, Dimension>) {
    this.sizes = sizes;
  }

  /** `switchable`: a subscriber may start on this packet (a keyframe's first; any audio packet). */
  private fanOut(rid: string, rtp: RtpPacket, switchable: boolean) {
    if (this.sinks.size === 0) return;
    let packet: Buffer | undefined;
    const { sequenceNumber, timestamp } = rtp.header;
    for (const [track, sink] of this.sinks) {
      if (sink.pending === rid) {
        if (switchable) {
          // Renumbered to follow on from the last layer's packets: the subscriber sees one stream, and no loss.
          if (sink.lastSeq !== undefined && sink.lastTimestamp !== undefined) {
            sink.seqOffset = (sink.lastSeq + 1 - sequenceNumber) & 0xffff;
            sink.timestampOffset = (sink.lastTimestamp + FRAME_TICKS - timestamp) >>> 0;
          }
          sink.layer = rid;
          sink.pending = undefined;
        }
      }
      if (sink.layer !== rid) continue;
      sink.lastSeq = (sequenceNumber + sink.seqOffset) & 0xffff;
      sink.lastTimestamp = (timestamp + sink.timestampOffset) >>> 0;
      if (sink.drop?.()) continue;
      if (sink.seqOffset === 0 && sink.timestampOffset === 0) {
        packet ??= rtp.serialize();
        track.writeRtp(packet);
        continue;
      }
      rtp.header.sequenceNumber = sink.lastSeq;
      rtp.header.timestamp = sink.lastTimestamp;
      track.writeRtp(rtp.serialize());
      rtp.header.sequenceNumber = sequenceNumber;
      rtp.header.timestamp = timestamp;
    }
  }

  /**
   * The layer for a size: the smallest sending layer that covers it, else the largest; without a size, the largest. A
   * layer's size is its last keyframe's (announced until then): under CPU load Chromium scales every layer down or
   * stops the top ones, and a layer that no longer covers the tile is passed over.
   */
  private layerFor(wanted: Dimension | undefined) {
    const sending = this.sendingLayers();
    if (sending.length === 0) return undefined;
    const largest = sending[sending.length - 1]!.rid;
    if (!wanted || wanted.width === 0) return largest;
    return sending.find(({ size }) => size && size.width >= wanted.width && size.height >= wanted.height)?.rid ?? largest;
  }

  /** The layers the publisher sends now, smallest first, each with its size (its last keyframe's, else announced). */
  sendingLayers() {
    const now = Date.now();
    return [...this.layers.entries()]
      .filter(([, layer]) => now - layer.lastPacketAt < LAYER_IDLE_MS)
      .map(([rid, layer]) => ({ rid, size: layer.size ?? this.sizes.get(rid) }))
      .sort((a, b) => (a.size?.width ?? Infinity) - (b.size?.width ?? Infinity));
  }

  private retarget(sink: Sink) {
    const target = this.layerFor(sink.wanted);
    if (target === undefined || target === sink.layer) {
      if (target === sink.layer) sink.pending = undefined;
      return;
    }
    if (sink.pending === target) return;
    sink.pending = target;
    this.requestKeyframe(target);
  }

  /** Asks the publisher for a keyframe on one layer (all when none is named); several asks at once get one. */
  requestKeyframe(rid?: string) {
    if (this.kind !== 'video') return;
    const now = Date.now();
    for (const [layerRid, layer] of this.layers) {
      if ((rid !== undefined && layerRid !== rid) || layer.ssrc === undefined) continue;
      if (now - (this.lastKeyframeRequest.get(layerRid) ?? 0) < 300) continue;
      this.lastKeyframeRequest.set(layerRid, now);
      void this.transceiver.receiver.sendRtcpPLI(layer.ssrc).catch(() => undefined);
    }
  }

  /** A subscriber's decoder that lost its way (a PLI from its browser) is answered by the publisher's next keyframe. */
  attach(sink: MediaStreamTrack, sender?: RTCRtpSender, drop?: DropFilter, wanted?: Dimension) {
    const state: Sink = { sender, drop, wanted, seqOffset: 0, timestampOffset: 0 };
    this.sinks.set(sink, state);
    sender?.onPictureLossIndication.subscribe(() => this.requestKeyframe(state.layer));
    this.retarget(state);
  }

  /** The size this subscriber asked for (UpdateSubscriptions): it moves to the layer for it at that layer's next keyframe. */
  select(sink: MediaStreamTrack, wanted: Dimension | undefined) {
    const state = this.sinks.get(sink);
    if (!state) return;
    state.wanted = wanted;
    this.retarget(state);
  }

  /** The layer each subscriber receives now, by its forwarding track ('' without simulcast): for tests and benches. */
  layerOf(sink: MediaStreamTrack) {
    return this.sinks.get(sink)?.layer;
  }

  detach(sink: MediaStreamTrack) {
    this.sinks.delete(sink);
  }

  /** Hears every packet until the returned function is called. */
  tap(listener: (payload: Buffer, timestamp: number, level: number | undefined) => void) {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
  }

  /** The loudest level heard since the last call. */
  takeLevel() {
    const level = this.peakLevel;
    this.peakLevel = 0;
    return level;
  }

  stop() {
    clearInterval(this.keyframeTimer);
    this.sinks.clear();
    this.taps.clear();
  }
}

/** A subscriber's copy of someone's track: a sendonly transceiver whose stream id is what the client looks tracks up by. */
export const addForwardingTrack = (peer: MediaPeer, kind: 'audio' | 'video', streamId: string) => {
  const track = new MediaStreamTrack({ kind });
  const transceiver = peer.addTransceiver(track, { direction: 'sendonly', streams: [new MediaStream({ id: streamId })] });
  return { track, transceiver };
};
