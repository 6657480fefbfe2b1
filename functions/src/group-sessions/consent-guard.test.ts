import { describe, expect, it } from 'vitest';
import { missingStageConsents } from './consent-guard';

const session = { hostId: 'host', coHostIds: ['co'], speakerIds: ['speaker'] };
const inCall = (memberId: string, leftAt: string | null = null) => ({ memberId, joinedAt: '2026-12-01T18:00:00.000Z', leftAt, seconds: leftAt ? 60 : null });
const consent = (memberId: string) => ({ memberId, at: '2026-12-01T18:01:00.000Z' });

describe('who on stage must still consent to a group call’s recording', () => {
  it('those of the stage in the call now, not one who left nor the audience', () => {
    const stretches = [inCall('host'), inCall('speaker'), inCall('co', '2026-12-01T18:02:00.000Z'), inCall('ada')];
    expect(missingStageConsents(session, [], stretches, [consent('host')])).toEqual(['speaker']);
    expect(missingStageConsents(session, [], stretches, [consent('host'), consent('speaker')])).toEqual([]);
  });

  it('one of the audience the host brought on stage, while they are up and not removed', () => {
    const stretches = [inCall('host'), inCall('ada'), inCall('bo'), inCall('cy')];
    const seats = [
      { memberId: 'ada', onStageAt: '2026-12-01T18:05:00.000Z' },
      { memberId: 'bo' },
      { memberId: 'cy', onStageAt: '2026-12-01T18:05:00.000Z', removedAt: '2026-12-01T18:06:00.000Z' },
    ];
    expect(missingStageConsents(session, seats, stretches, [consent('host')])).toEqual(['ada']);
    expect(missingStageConsents(session, seats, stretches, [consent('host'), consent('ada')])).toEqual([]);
  });

  it('everyone on stage while the stretches know of none of them in the call (the join webhooks may trail the start)', () => {
    expect(missingStageConsents(session, [], [inCall('ada')], [consent('host')])).toEqual(['co', 'speaker']);
  });
});
