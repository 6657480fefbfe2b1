import { MediaStream, MediaStreamTrack, RTCPeerConnection, useAudioLevelIndication, useOPUS, useVP8, type RTCRtpSender, type RTCRtpTransceiver } from 'werift';

const AUDIO_LEVEL_URI = useAudioLevelIndication().uri;

/**
 * werift peer connections as Stream's SFU uses them: one the client publishes on (the SFU answers) and one it
 * subscribes on (the SFU offers). VP8 and Opus only: every browser has them, and the stand-in forwards RTP
 * without transcoding, so publisher and subscriber must agree on one codec each.
 */
export const createMediaPeer = (options: { audioLevels?: boolean } = {}) =>
  new RTCPeerConnection({
    // The publisher's audio carries its level (RFC 6464), which the SFU reports as Stream's does (audioLevelChanged).
    headerExtensions: options.audioLevels ? { audio: [useAudioLevelIndication()] } : {},
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
export class PublishedTrack {
  private readonly sinks = new Set<MediaStreamTrack>();
  private readonly keyframeTimer: NodeJS.Timeout | undefined;
  private lastKeyframeRequest = 0;
  /** the loudest level since last read, 0 (silence) to 1, from the RFC 6464 header extension */
  private peakLevel = 0;
  /** who listens to the packets themselves (captions, transcripts, recordings): payload, RTP timestamp, -dBov level */
  private readonly taps = new Set<(payload: Buffer, timestamp: number, level: number | undefined) => void>();

  constructor(
    readonly source: MediaStreamTrack,
    private readonly transceiver: RTCRtpTransceiver,
  ) {
    // Each packet is handed over serialized: werift's senders rewrite payload type and SSRC in place.
    source.onReceiveRtp.subscribe((rtp, extensions) => {
      const indication = extensions?.[AUDIO_LEVEL_URI] as { level: number } | undefined;
      // -dBov from 127 (silence) to 0 (loudest): below -70 dBov counts as silence.
      if (indication) this.peakLevel = Math.max(this.peakLevel, Math.max(0, 70 - indication.level) / 70);
      for (const tap of this.taps) tap(rtp.payload, rtp.header.timestamp, indication?.level);
      if (this.sinks.size === 0) return;
      const packet = rtp.serialize();
      for (const sink of this.sinks) sink.writeRtp(packet);
    });
    // A subscriber can only start decoding at a keyframe: ask the publisher for one regularly, as SFUs do when
    // subscribers come and go (cheap at this scale, and it also heals a lost keyframe).
    if (source.kind === 'video') this.keyframeTimer = setInterval(() => this.requestKeyframe(), 2000);
  }

  requestKeyframe() {
    if (this.source.ssrc === undefined || this.source.kind !== 'video') return;
    // Several subscribers asking at once get one keyframe.
    const now = Date.now();
    if (now - this.lastKeyframeRequest < 300) return;
    this.lastKeyframeRequest = now;
    void this.transceiver.receiver.sendRtcpPLI(this.source.ssrc).catch(() => undefined);
  }

  /** A subscriber's decoder that lost its way (a PLI from its browser) is answered by the publisher's next keyframe. */
  attach(sink: MediaStreamTrack, sender?: RTCRtpSender) {
    this.sinks.add(sink);
    sender?.onPictureLossIndication.subscribe(() => this.requestKeyframe());
    this.requestKeyframe();
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
