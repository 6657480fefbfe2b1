import { describe, expect, it } from 'vitest';
import { backstageOpensAt, inAudience } from './rules';

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
});
