import { ConnectionQuality } from './generated/video/sfu/models/models';

/** What a participant's browser got of one forwarded stream over a window, from its RTCP receiver reports. */
export interface LinkSample {
  /** Lost over the window, 0 to 1. */
  fractionLost: number;
  /** Interarrival jitter in milliseconds (the report's RTP units over the stream's clock rate). */
  jitterMs: number;
  /** The round trip; undefined before the browser has echoed a sender report. */
  rttMs?: number;
}

/**
 * Stream does not publish its thresholds; these follow the usual WebRTC guidance (loss is what people notice first:
 * over 5 % video breaks up and speech drops syllables; over 1 % artefacts show), with jitter and round trip set loose
 * enough that a busy test machine's scheduling alone does not read as a bad network. docs/local-stage.md says so.
 */
const POOR = { fractionLost: 0.05, jitterMs: 100, rttMs: 500 };
const GOOD = { fractionLost: 0.01, jitterMs: 30, rttMs: 200 };

const atLeast = (sample: LinkSample, limits: typeof POOR) =>
  sample.fractionLost >= limits.fractionLost || sample.jitterMs >= limits.jitterMs || (sample.rttMs ?? 0) >= limits.rttMs;

export const qualityOf = (sample: LinkSample): ConnectionQuality =>
  atLeast(sample, POOR) ? ConnectionQuality.POOR : atLeast(sample, GOOD) ? ConnectionQuality.GOOD : ConnectionQuality.EXCELLENT;

/** The counters of one receiver report block, with what the SFU knows beside it. */
export interface StreamReport {
  ssrc: number;
  /** Cumulative packets lost and the extended highest sequence number received (RFC 3550 6.4.1). */
  packetsLost: number;
  highestSequence: number;
  /** Audio's interarrival jitter in ms. Video's is left out: the packets of a frame share one timestamp and leave in a burst, so its jitter measures the sender's pacing, not the network. */
  jitterMs?: number;
  /** The round trip werift measured from the report's LSR and DLSR. */
  rttMs?: number;
}

/**
 * A participant's connection quality from the receiver reports of one window (a few seconds): each stream's loss over
 * the window (from the cumulative counters, so one late report does not read as a burst), the worst stream deciding,
 * as a call is as good as its worst part. A window without a report tells nothing, and changes nothing.
 */
export class QualityMeter {
  private readonly counted = new Map<number, { packetsLost: number; highestSequence: number }>();
  private readonly window = new Map<number, StreamReport>();

  add(report: StreamReport) {
    const earlier = this.window.get(report.ssrc);
    this.window.set(report.ssrc, {
      ...report,
      jitterMs: Math.max(earlier?.jitterMs ?? 0, report.jitterMs ?? 0),
      rttMs: Math.max(earlier?.rttMs ?? 0, report.rttMs ?? 0),
    });
  }

  /** The quality of the window just ended, or undefined when no report came in it; a new window starts. */
  take(): ConnectionQuality | undefined {
    let worst: ConnectionQuality | undefined;
    for (const [ssrc, report] of this.window) {
      const before = this.counted.get(ssrc);
      this.counted.set(ssrc, { packetsLost: report.packetsLost, highestSequence: report.highestSequence });
      // A stream's first window has nothing to count from: its loss is not known yet.
      const expected = before ? report.highestSequence - before.highestSequence : 0;
      const lost = before ? report.packetsLost - before.packetsLost : 0;
      const quality = qualityOf({ fractionLost: expected > 0 ? Math.max(0, lost) / expected : 0, jitterMs: report.jitterMs ?? 0, rttMs: report.rttMs });
      // POOR < GOOD < EXCELLENT in the protocol's numbering.
      if (worst === undefined || quality < worst) worst = quality;
    }
    this.window.clear();
    return worst;
  }
}
