/**
 * Opus packets as an Ogg Opus file (RFC 7845), so that ffmpeg can decode an utterance the SFU received as RTP without
 * a socket or a long-running process: one page for the header, one for the tags, then one page per packet.
 */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let r = i << 24;
    for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
    table[i] = r >>> 0;
  }
  return table;
})();

const oggCrc = (bytes: Buffer) => {
  let crc = 0;
  for (const byte of bytes) crc = ((crc << 8) ^ (CRC_TABLE[((crc >>> 24) ^ byte) & 0xff] ?? 0)) >>> 0;
  return crc;
};

const SERIAL = 0x5354524d;

const page = (packet: Buffer, sequence: number, granule: bigint, flags: number) => {
  const lacing: number[] = [];
  let left = packet.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  const header = Buffer.alloc(27 + lacing.length);
  header.write('OggS', 0, 'ascii');
  header.writeUInt8(0, 4);
  header.writeUInt8(flags, 5);
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(SERIAL, 14);
  header.writeUInt32LE(sequence, 18);
  header.writeUInt8(lacing.length, 26);
  Buffer.from(lacing).copy(header, 27);
  const bytes = Buffer.concat([header, packet]);
  bytes.writeUInt32LE(oggCrc(bytes), 22);
  return bytes;
};

export interface OpusPacket {
  payload: Buffer;
  /** the RTP timestamp (48 kHz) */
  timestamp: number;
}

/** The 48 kHz samples one Opus packet holds (RFC 6716, the TOC byte). */
const samplesOf = (payload: Buffer) => {
  const toc = payload[0] ?? 0;
  const config = toc >> 3;
  const frame = config < 12 ? [480, 960, 1920, 2880][config & 3]! : config < 16 ? [480, 960][config & 1]! : [120, 240, 480, 960][config & 3]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code === 3 ? (payload[1] ?? 0) & 0x3f : 2;
  return frame * frames;
};

export const oggOpus = (packets: OpusPacket[], channels = 2) => {
  const head = Buffer.alloc(19);
  head.write('OpusHead', 0, 'ascii');
  head.writeUInt8(1, 8);
  head.writeUInt8(channels, 9);
  head.writeUInt16LE(312, 10); // pre-skip, as libopus encoders use
  head.writeUInt32LE(48000, 12);
  const vendor = Buffer.from('local-sfu');
  const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
  tags.write('OpusTags', 0, 'ascii');
  tags.writeUInt32LE(vendor.length, 8);
  vendor.copy(tags, 12);
  const pages = [page(head, 0, 0n, 0x02), page(tags, 1, 0n, 0)];
  const first = packets[0]?.timestamp ?? 0;
  packets.forEach((packet, i) => {
    // Lost packets leave a gap in the granule positions, which decoders fill with silence: timing stays true.
    const granule = BigInt((packet.timestamp - first) >>> 0) + BigInt(samplesOf(packet.payload));
    pages.push(page(packet.payload, i + 2, granule, i === packets.length - 1 ? 0x04 : 0));
  });
  return Buffer.concat(pages);
};
