import type { OpusPacket } from './ogg-opus';

export interface Utterance {
  packets: OpusPacket[];
  startedAt: Date;
  endedAt: Date;
}

/** Louder than -50 dBov (RFC 6464's level, 0 loudest to 127 silent) is voice. */
const VOICE_LEVEL = 50;
/** A pause this long ends an utterance, as a captioner cuts sentences. */
const PAUSE_MS = 700;
/** What is kept before the first loud packet, so that a soft first syllable is not cut. */
const LEAD_IN_PACKETS = 15;
/** A speaker who never pauses is still captioned, in pieces of this length. */
const LONGEST_MS = 12_000;

/**
 * Splits one speaker's Opus packets into utterances by the audio level the client writes into each packet's header
 * (the SFU decodes nothing to know who speaks). Silence with DTX sends no packets at all, so `tick` ends an utterance
 * whose speaker went quiet.
 */
export class UtteranceSplitter {
  private lead: OpusPacket[] = [];
  private current: { packets: OpusPacket[]; startedAt: Date; lastVoiceAt: number } | undefined;

  constructor(private readonly onUtterance: (utterance: Utterance) => void) {}

  push(packet: OpusPacket, level: number | undefined, now = Date.now()) {
    const voiced = level !== undefined && level <= VOICE_LEVEL;
    if (!this.current) {
      if (!voiced) {
        this.lead.push(packet);
        if (this.lead.length > LEAD_IN_PACKETS) this.lead.shift();
        return;
      }
      this.current = { packets: [...this.lead, packet], startedAt: new Date(now), lastVoiceAt: now };
      this.lead = [];
      return;
    }
    this.current.packets.push(packet);
    if (voiced) this.current.lastVoiceAt = now;
    this.tick(now);
  }

  tick(now = Date.now()) {
    const current = this.current;
    if (!current) return;
    if (now - current.lastVoiceAt < PAUSE_MS && now - current.startedAt.getTime() < LONGEST_MS) return;
    this.current = undefined;
    this.onUtterance({ packets: current.packets, startedAt: current.startedAt, endedAt: new Date(Math.min(now, current.lastVoiceAt + 200)) });
  }

  /** The speaker stopped publishing: what they said last still counts. */
  flush() {
    if (this.current) this.tick(Number.POSITIVE_INFINITY);
  }
}
