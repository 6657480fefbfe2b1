import { describe, expect, it } from 'vitest';
import { backstageOpensAt, groupCallId, groupSessionIdOfCall, inAudience } from './rules';

describe('group sessions: who the audience takes', () => {
  const mentee = { role: 'mentee', coordinator: false, menteeOfHost: false } as const;
  const mentor = { role: 'mentor', coordinator: false, menteeOfHost: false } as const;

  it('takes mentees, mentors, the host’s own mentees or everyone, as the session says; coordinators always', () => {
    expect([inAudience('all', mentee), inAudience('all', mentor)]).toEqual([true, true]);
    expect([inAudience('mentees', mentee), inAudience('mentees', mentor)]).toEqual([true, false]);
    expect([inAudience('mentors', mentee), inAudience('mentors', mentor)]).toEqual([false, true]);
    expect([inAudience('own_mentees', mentee), inAudience('own_mentees', { ...mentee, menteeOfHost: true }), inAudience('own_mentees', mentor)]).toEqual([false, true, false]);
    expect(inAudience('mentors', { role: null, coordinator: true, menteeOfHost: false })).toBe(true);
    expect(inAudience('all', { role: null, coordinator: false, menteeOfHost: false })).toBe(false);
  });

  it('opens backstage ten minutes before the start', () => {
    expect(backstageOpensAt('2026-12-01T18:00:00.000Z').toISOString()).toBe('2026-12-01T17:50:00.000Z');
  });

  it('tells a group session’s call by its type and id, and no other', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(groupSessionIdOfCall('livestream', groupCallId(id))).toBe(id);
    expect(groupSessionIdOfCall('audio_room', groupCallId(id))).toBe(id);
    expect(groupSessionIdOfCall('default', groupCallId(id))).toBeNull();
    expect(groupSessionIdOfCall('livestream', id)).toBeNull();
    expect(groupSessionIdOfCall('livestream', `${groupCallId(id)}-x`)).toBeNull();
  });
});
