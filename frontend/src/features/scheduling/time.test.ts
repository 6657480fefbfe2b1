import { describe, expect, it } from 'vitest';
import { groupByDay, otherLocal, timeIn, whenIn } from './time';

// Europe/Berlin moves to summer time on 29 March 2026; New York already did on 8 March.
const beforeChange = '2026-03-27T17:00:00.000Z';
const afterChange = '2026-03-30T16:00:00.000Z';

describe('session times', () => {
  it('shows the same wall-clock time on both sides of a daylight-saving change, from different instants', () => {
    expect(timeIn(beforeChange, 'Europe/Berlin')).toBe('18:00');
    expect(timeIn(afterChange, 'Europe/Berlin')).toBe('18:00');
    expect(otherLocal(beforeChange, 'Europe/Berlin', 'America/New_York')).toBe('13:00');
    expect(otherLocal(afterChange, 'Europe/Berlin', 'America/New_York')).toBe('12:00');
  });

  it('groups by the day in the viewer’s zone, not UTC’s', () => {
    const lateEvening = '2026-03-27T23:30:00.000Z';
    const days = groupByDay([{ startsAt: afterChange }, { startsAt: lateEvening }, { startsAt: beforeChange }], 'Europe/Berlin');
    expect(days.map((day) => [day.label, day.items.map((item) => timeIn(item.startsAt, 'Europe/Berlin'))])).toEqual([
      ['Friday 27 March', ['18:00']],
      ['Saturday 28 March', ['00:30']],
      ['Monday 30 March', ['18:00']],
    ]);
    // For New York it is still Friday evening: the other member's time names their day.
    expect(otherLocal(lateEvening, 'Europe/Berlin', 'America/New_York')).toBe('Fri 27 Mar 19:30');
  });

  it('says nothing about the other member when their clock reads the same', () => {
    expect(otherLocal(beforeChange, 'Europe/Berlin', 'Europe/Paris')).toBeNull();
    expect(whenIn(beforeChange, 'Europe/Berlin')).toBe('Fri 27 Mar 2026, 18:00');
  });
});
