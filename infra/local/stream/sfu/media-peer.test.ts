import { afterEach, describe, expect, it } from 'vitest';
import { MediaStreamTrack, RtpHeader, RtpPacket, type RTCRtpTransceiver } from 'werift';
import { PublishedTrack, vp8KeyframeSize } from './media-peer';

/** A VP8 RTP payload: the descriptor (X with a 15-bit picture id, S, partition 0), then a keyframe's or another frame's header. */
const vp8Payload = (size: { width: number; height: number } | undefined, start = true) => {
  const descriptor = Buffer.from([0x80 | (start ? 0x10 : 0), 0x80, 0x80 | 0x12, 0x34]);
  const header = Buffer.alloc(10);
  if (size) {
    header.set([0x10, 0x02, 0x00, 0x9d, 0x01, 0x2a]);
    header.writeUInt16LE(size.width, 6);
    header.writeUInt16LE(size.height, 8);
  } else {
    header[0] = 0x01;
  }
  return Buffer.concat([descriptor, header]);
};

describe('vp8KeyframeSize', () => {
  it('reads the frame size from the first packet of a keyframe, past the payload descriptor', () => {
    expect(vp8KeyframeSize(vp8Payload({ width: 320, height: 180 }))).toEqual({ width: 320, height: 180 });
    expect(vp8KeyframeSize(Buffer.concat([Buffer.from([0x10]), vp8Payload({ width: 640, height: 360 }).subarray(4)]))).toEqual({ width: 640, height: 360 });
  });

  it('finds no size in another frame, or in a packet that does not start the frame', () => {
    expect(vp8KeyframeSize(vp8Payload(undefined))).toBeUndefined();
    expect(vp8KeyframeSize(vp8Payload({ width: 320, height: 180 }, false))).toBeUndefined();
    expect(vp8KeyframeSize(Buffer.alloc(2))).toBeUndefined();
  });
});

describe('PublishedTrack simulcast', () => {
  const plis: number[] = [];
  const transceiver = { receiver: { sendRtcpPLI: async (ssrc: number) => void plis.push(ssrc) } } as unknown as RTCRtpTransceiver;
  let track: PublishedTrack | undefined;
  afterEach(() => track?.stop());

  const ssrcs = { q: 1, h: 2, f: 3 };
  const setUp = () => {
    track = new PublishedTrack('video', transceiver);
    track.setLayerSizes(new Map([['q', { width: 320, height: 180 }], ['h', { width: 640, height: 360 }], ['f', { width: 1280, height: 720 }]]));
    const layers = Object.fromEntries(Object.keys(ssrcs).map((rid) => [rid, new MediaStreamTrack({ kind: 'video', rid })])) as Record<keyof typeof ssrcs, MediaStreamTrack>;
    for (const layer of Object.values(layers)) track.addLayer(layer);
    let seq = 100;
    const send = (rid: keyof typeof ssrcs, size?: { width: number; height: number }) =>
      layers[rid].onReceiveRtp.execute(new RtpPacket(new RtpHeader({ ssrc: ssrcs[rid], sequenceNumber: seq++, timestamp: seq * 3000, payloadType: 96 }), vp8Payload(size)));
    const received: { ssrc: number; sequenceNumber: number }[] = [];
    const sink = { writeRtp: (packet: Buffer) => received.push(RtpPacket.deSerialize(packet).header) } as unknown as MediaStreamTrack;
    return { track, send, sink, received };
  };

  it('gives a subscriber asking for 320 px the smallest layer that covers it, from that layer’s keyframe on, as one stream', () => {
    const { track, send, sink, received } = setUp();
    for (const rid of ['q', 'h', 'f'] as const) send(rid);
    track.attach(sink, undefined, undefined, { width: 320, height: 180 });
    send('q');
    expect(received).toEqual([]);
    expect(plis).toContain(ssrcs.q);
    send('q', { width: 320, height: 180 });
    send('f');
    send('q');
    expect(track.layerOf(sink)).toBe('q');
    expect(received.map((header) => header.ssrc)).toEqual([ssrcs.q, ssrcs.q]);

    // Back to the full size: the largest layer at its keyframe, numbered on from the last packet forwarded.
    track.select(sink, undefined);
    send('f');
    expect(track.layerOf(sink)).toBe('q');
    send('f', { width: 1280, height: 720 });
    expect(track.layerOf(sink)).toBe('f');
    const [, last, switched] = received;
    expect(switched!.sequenceNumber).toBe((last!.sequenceNumber + 1) & 0xffff);
  });

  it('passes over a layer whose keyframes show it scaled down below the size asked for (Chromium short of CPU)', () => {
    const { track, send, sink } = setUp();
    send('q', { width: 160, height: 90 });
    send('h', { width: 320, height: 180 });
    send('f', { width: 640, height: 360 });
    expect(track.sendingLayers().map(({ rid, size }) => [rid, size?.width])).toEqual([['q', 160], ['h', 320], ['f', 640]]);
    track.attach(sink, undefined, undefined, { width: 320, height: 180 });
    send('h', { width: 320, height: 180 });
    expect(track.layerOf(sink)).toBe('h');
  });
});
