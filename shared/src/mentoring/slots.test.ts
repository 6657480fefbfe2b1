import { describe, expect, it } from 'vitest';
import { availabilityIntervals, checkSlot, commonSlots, quarterHoursOf, subtractIntervals, type WeeklyAvailability } from './slots';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso).getTime();
const starts = (slots: { startsAt: string }[]) => slots.map((slot) => slot.startsAt);

// Mondays 18:00–20:00 in Berlin and 12:00–14:00 in New York: the same UTC hours in winter. The US moves its
// clocks on 8 March 2026, the EU on 29 March 2026, so for three weeks the two are an hour closer.
const berlin: WeeklyAvailability = { timezone: 'Europe/Berlin', availability: [{ day: 1, start: '18:00', end: '20:00' }] };
const newYork: WeeklyAvailability = { timezone: 'America/New_York', availability: [{ day: 1, start: '12:00', end: '14:00' }] };
const longAgo = new Date('2026-01-01T00:00:00Z');

const mondaySlots = (monday: string, members = [berlin, newYork]) =>
  starts(commonSlots({ members, from: new Date(`${monday}T00:00:00Z`), days: 1, durationMinutes: 60, now: longAgo, busy: [] }));

describe('commonSlots across time zones and daylight saving', () => {
  it('in winter both windows are 17:00–19:00 UTC: every quarter hour from which an hour fits', () => {
    expect(mondaySlots('2026-03-02')).toEqual(['2026-03-02T17:00:00.000Z', '2026-03-02T17:15:00.000Z', '2026-03-02T17:30:00.000Z', '2026-03-02T17:45:00.000Z', '2026-03-02T18:00:00.000Z']);
  });

  it('after New York alone has moved its clocks, the windows overlap by one hour only', () => {
    // Berlin still 17:00–19:00 UTC; New York 12:00 EDT is 16:00 UTC, so 16:00–18:00.
    expect(mondaySlots('2026-03-09')).toEqual(['2026-03-09T17:00:00.000Z']);
    expect(mondaySlots('2026-03-23')).toEqual(['2026-03-23T17:00:00.000Z']);
  });

  it('once Berlin has moved too, the full two hours are common again, an hour earlier in UTC', () => {
    expect(mondaySlots('2026-03-30')).toEqual(['2026-03-30T16:00:00.000Z', '2026-03-30T16:15:00.000Z', '2026-03-30T16:30:00.000Z', '2026-03-30T16:45:00.000Z', '2026-03-30T17:00:00.000Z']);
  });

  it('a fortnight spanning the US switch gives each Monday its own overlap', () => {
    const slots = commonSlots({ members: [berlin, newYork], from: new Date('2026-03-02T00:00:00Z'), days: 14, durationMinutes: 60, now: longAgo, busy: [] });
    expect(starts(slots)).toEqual([
      '2026-03-02T17:00:00.000Z',
      '2026-03-02T17:15:00.000Z',
      '2026-03-02T17:30:00.000Z',
      '2026-03-02T17:45:00.000Z',
      '2026-03-02T18:00:00.000Z',
      '2026-03-09T17:00:00.000Z',
    ]);
    expect(slots[0]!.endsAt).toBe('2026-03-02T18:00:00.000Z');
  });

  it('a window on the night the clocks spring forward is as long as the wall clock says less the skipped hour', () => {
    const night: WeeklyAvailability = { timezone: 'Europe/Berlin', availability: [{ day: 7, start: '01:00', end: '04:00' }] };
    // 01:00 CET is 00:00 UTC; 04:00 CEST is 02:00 UTC.
    expect(availabilityIntervals(night, at('2026-03-28T00:00:00Z'), at('2026-03-31T00:00:00Z'))).toEqual([{ start: at('2026-03-29T00:00:00Z'), end: at('2026-03-29T02:00:00Z') }]);
  });

  it('a window that runs to 24:00 and a zone east of UTC put the slot on the previous UTC day', () => {
    const tokyo: WeeklyAvailability = { timezone: 'Asia/Tokyo', availability: [{ day: 2, start: '08:00', end: '09:00' }] };
    const london: WeeklyAvailability = { timezone: 'Europe/London', availability: [{ day: 1, start: '22:00', end: '24:00' }] };
    // Tuesday 08:00 in Tokyo is Monday 23:00 UTC, inside London's Monday 22:00–24:00 (GMT).
    expect(starts(commonSlots({ members: [tokyo, london], from: new Date('2026-01-05T00:00:00Z'), days: 2, durationMinutes: 60, now: longAgo, busy: [] }))).toEqual(['2026-01-05T23:00:00.000Z']);
  });
});

describe('commonSlots leaves out what cannot be booked', () => {
  it('nothing before now, and the next start is on the quarter hour', () => {
    const now = new Date('2026-03-02T17:20:00Z');
    const slots = commonSlots({ members: [berlin, newYork], from: new Date('2026-03-02T00:00:00Z'), days: 1, durationMinutes: 60, now, busy: [] });
    expect(starts(slots)).toEqual(['2026-03-02T17:30:00.000Z', '2026-03-02T17:45:00.000Z', '2026-03-02T18:00:00.000Z']);
  });

  it('sessions either member has booked', () => {
    const busy = [{ start: at('2026-03-02T17:30:00Z'), end: at('2026-03-02T18:00:00Z') }];
    const slots = commonSlots({ members: [berlin, newYork], from: new Date('2026-03-02T00:00:00Z'), days: 1, durationMinutes: 30, now: longAgo, busy });
    expect(starts(slots)).toEqual(['2026-03-02T17:00:00.000Z', '2026-03-02T18:00:00.000Z', '2026-03-02T18:15:00.000Z', '2026-03-02T18:30:00.000Z']);
  });

  it('starts more than MAX_BOOKING_DAYS_AHEAD (90) days after now', () => {
    const now = new Date('2026-01-05T17:00:00Z');
    const slots = commonSlots({ members: [berlin, newYork], from: new Date('2026-04-01T00:00:00Z'), days: 28, durationMinutes: 60, now, busy: [] });
    // 90 days after 5 January 17:00 UTC is 5 April 18:00 UTC (a Sunday): the Mondays after it are out.
    expect(starts(slots)).toEqual([]);
    const before = commonSlots({ members: [berlin, newYork], from: new Date('2026-03-20T00:00:00Z'), days: 28, durationMinutes: 60, now, busy: [] });
    expect(starts(before).every((start) => start < '2026-04-05T17:00:00.000Z')).toBe(true);
    expect(starts(before)).toContain('2026-03-30T16:00:00.000Z');
  });

  it('no availability on one side means no slots', () => {
    expect(mondaySlots('2026-03-02', [berlin, { timezone: 'America/New_York', availability: [] }])).toEqual([]);
  });
});

describe('checkSlot: the server rules for one start', () => {
  const members = [berlin, newYork];
  const now = new Date('2026-03-01T12:00:00Z');
  const check = (start: string, durationMinutes = 60, busy: { start: number; end: number }[] = []) => checkSlot({ members, start: new Date(start), durationMinutes, now, busy });

  it('accepts a start inside both members’ windows', () => expect(check('2026-03-02T17:15:00Z')).toBeNull());
  it('refuses a start off the quarter hour', () => expect(check('2026-03-02T17:10:00Z')).toBe('not_on_step'));
  it('refuses the past', () => expect(check('2026-02-23T17:00:00Z')).toBe('past'));
  it('refuses starts beyond 90 days', () => expect(check('2026-06-01T16:00:00Z')).toBe('too_far'));
  it('refuses a session that runs past the common window', () => expect(check('2026-03-09T17:15:00Z')).toBe('outside_availability'));
  it('refuses a time only one member is free', () => expect(check('2026-03-09T16:00:00Z')).toBe('outside_availability'));
  it('refuses an overlap with a booked session', () => expect(check('2026-03-02T17:00:00Z', 60, [{ start: at('2026-03-02T17:45:00Z'), end: at('2026-03-02T18:45:00Z') }])).toBe('busy'));
  it('a session ending when another starts does not overlap', () => expect(check('2026-03-02T17:00:00Z', 60, [{ start: at('2026-03-02T18:00:00Z'), end: at('2026-03-02T19:00:00Z') }])).toBeNull());
});

describe('interval helpers', () => {
  it('quarterHoursOf names every quarter hour a session occupies', () => {
    expect(quarterHoursOf(new Date('2026-03-02T17:00:00Z'), 45)).toEqual(['2026-03-02T17:00:00.000Z', '2026-03-02T17:15:00.000Z', '2026-03-02T17:30:00.000Z']);
  });

  it('subtractIntervals takes out overlapping busy spans in any order', () => {
    const free = [{ start: 0, end: 10 * HOUR }];
    const busy = [
      { start: 6 * HOUR, end: 7 * HOUR },
      { start: 1 * HOUR, end: 2 * HOUR },
      { start: 1.5 * HOUR, end: 3 * HOUR },
    ];
    expect(subtractIntervals(free, busy)).toEqual([
      { start: 0, end: 1 * HOUR },
      { start: 3 * HOUR, end: 6 * HOUR },
      { start: 7 * HOUR, end: 10 * HOUR },
    ]);
  });
});
