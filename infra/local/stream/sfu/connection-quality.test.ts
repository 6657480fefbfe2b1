import { describe, expect, it } from 'vitest';
import { ConnectionQuality } from './generated/video/sfu/models/models';
import { QualityMeter, qualityOf } from './connection-quality';

describe('connection quality from receiver reports', () => {
  it('reads loss first, then jitter and round trip', () => {
    expect(qualityOf({ fractionLost: 0, jitterMs: 2, rttMs: 1 })).toBe(ConnectionQuality.EXCELLENT);
    expect(qualityOf({ fractionLost: 0.02, jitterMs: 2 })).toBe(ConnectionQuality.GOOD);
    expect(qualityOf({ fractionLost: 25 / 256, jitterMs: 2 })).toBe(ConnectionQuality.POOR);
    expect(qualityOf({ fractionLost: 0, jitterMs: 40 })).toBe(ConnectionQuality.GOOD);
    expect(qualityOf({ fractionLost: 0, jitterMs: 5, rttMs: 600 })).toBe(ConnectionQuality.POOR);
  });

  it('counts each stream’s loss over the window from the cumulative counters, the worst stream deciding', () => {
    const meter = new QualityMeter();
    expect(meter.take()).toBeUndefined();
    // A first window only sets the counters.
    meter.add({ ssrc: 1, packetsLost: 0, highestSequence: 1000 });
    meter.add({ ssrc: 2, packetsLost: 5, highestSequence: 500 });
    expect(meter.take()).toBe(ConnectionQuality.EXCELLENT);
    // 10 of 100 lost on stream 1; none on stream 2.
    meter.add({ ssrc: 1, packetsLost: 4, highestSequence: 1040 });
    meter.add({ ssrc: 1, packetsLost: 10, highestSequence: 1100 });
    meter.add({ ssrc: 2, packetsLost: 5, highestSequence: 600 });
    expect(meter.take()).toBe(ConnectionQuality.POOR);
    expect(meter.take()).toBeUndefined();
    meter.add({ ssrc: 1, packetsLost: 10, highestSequence: 1200, jitterMs: 40 });
    expect(meter.take()).toBe(ConnectionQuality.GOOD);
  });
});
