import { describe, expect, it } from 'vitest';
import { compareMatches, scoreMatch, type MenteeForMatching, type MentorForMatching } from './matching';
import { hoursApart, zonedTimeToUtc } from '../time';
import { WEEK_MINUTES, weeklySpansUtc } from './time';

const mentee = (overrides: Partial<MenteeForMatching> = {}): MenteeForMatching => ({
  languages: ['en'],
  topics: ['Leadership', 'Data science', 'Career change'],
  timezone: 'Europe/Berlin',
  availability: [{ day: 2, start: '18:00', end: '21:00' }],
  format: 'online',
  country: 'DE',
  ...overrides,
});

const mentor = (overrides: Partial<MentorForMatching> = {}): MentorForMatching => ({
  id: 'mentor-1',
  languages: ['en'],
  topics: ['Leadership', 'Data science', 'Career change', 'Security'],
  timezone: 'Europe/Berlin',
  availability: [{ day: 2, start: '18:00', end: '21:00' }],
  format: 'online',
  country: 'DE',
  city: null,
  ...overrides,
});

const march12 = new Date('2025-03-12T12:00:00Z');

describe('scoreMatch', () => {
  it('gives a perfect match every point and says why', () => {
    expect(scoreMatch(mentee(), mentor(), march12)).toEqual({
      eligible: true,
      score: 100,
      reasons: ['3 shared topics', 'speaks English', 'same time zone', 'free Tuesday evenings'],
    });
  });

  it('scores the same without reasons when asked not to explain (the directory names them for its page only)', () => {
    const mentors = [
      mentor(),
      mentor({ topics: ['leadership'], format: 'in_person', city: 'Berlin', country: 'DE' }),
      mentor({ timezone: 'America/New_York', availability: [{ day: 2, start: '12:00', end: '16:00' }] }),
      mentor({ languages: ['de'] }),
    ];
    for (const candidate of mentors) {
      const explained = scoreMatch(mentee({ format: 'both', country: 'DE' }), candidate, march12);
      const scored = scoreMatch(mentee({ format: 'both', country: 'DE' }), candidate, march12, undefined, { explain: false });
      expect({ eligible: scored.eligible, score: scored.score }).toEqual({ eligible: explained.eligible, score: explained.score });
      if (explained.eligible) {
        expect(explained.reasons.length).toBeGreaterThan(0);
        expect(scored.reasons).toEqual([]);
      }
    }
  });

  it('requires a shared language: without one the mentor is not eligible, whatever else fits', () => {
    const result = scoreMatch(mentee({ languages: ['es'] }), mentor({ languages: ['en', 'de'] }), march12);
    expect(result).toEqual({ eligible: false, score: 0, reasons: ['no language in common'] });
  });

  it('names the first shared language in the mentee’s own order', () => {
    const result = scoreMatch(mentee({ languages: ['es', 'en'] }), mentor({ languages: ['en', 'es'] }), march12);
    expect(result.reasons).toContain('speaks Spanish');
    expect(result.reasons).not.toContain('speaks English');
  });

  it('leaves out excluded mentors (declined or blocked)', () => {
    const result = scoreMatch(mentee(), mentor({ id: 'blocked' }), march12, new Set(['blocked']));
    expect(result.eligible).toBe(false);
    expect(result.score).toBe(0);
    expect(scoreMatch(mentee(), mentor({ id: 'other' }), march12, new Set(['blocked'])).eligible).toBe(true);
  });

  it('scores topics by the share of the mentee’s topics the mentor covers, case-insensitively', () => {
    const one = scoreMatch(mentee(), mentor({ topics: ['leadership'] }), march12);
    const none = scoreMatch(mentee(), mentor({ topics: ['Security'] }), march12);
    expect(one.score - none.score).toBe(15);
    expect(one.reasons[0]).toBe('1 shared topic');
    expect(none.reasons).not.toContain('0 shared topics');
    expect(none.eligible).toBe(true);
  });

  it('scores availability by weekly overlap, full at three hours, and names no overlap under half an hour', () => {
    const partial = scoreMatch(mentee(), mentor({ availability: [{ day: 2, start: '19:30', end: '23:00' }] }), march12);
    const none = scoreMatch(mentee(), mentor({ availability: [{ day: 3, start: '09:00', end: '10:00' }] }), march12);
    const sliver = scoreMatch(mentee(), mentor({ availability: [{ day: 2, start: '20:45', end: '22:00' }] }), march12);
    // 45 + 20 + 10, and 90 of 180 minutes: 12.5, rounded with the total
    expect(partial.score).toBe(Math.round(75 + 25 * (90 / 180)));
    expect(none.score).toBe(75);
    expect(none.reasons.some((reason) => reason.startsWith('free'))).toBe(false);
    expect(sliver.reasons.some((reason) => reason.startsWith('free'))).toBe(false);
  });

  it('scores time-zone distance and says how far apart, with minutes where a zone has them', () => {
    const tokyo = scoreMatch(mentee(), mentor({ timezone: 'Asia/Tokyo', availability: [] }), march12);
    expect(tokyo.reasons).toContain('8 h apart');
    const india = scoreMatch(mentee({ timezone: 'Europe/London' }), mentor({ timezone: 'Asia/Kolkata', availability: [] }), march12);
    expect(india.reasons).toContain('5 h 30 min apart');
  });

  it('counts format only when they can meet the way the mentee wants; in person needs the same country', () => {
    const wantsInPerson = mentee({ format: 'in_person' });
    const berlin = scoreMatch(wantsInPerson, mentor({ format: 'both', city: 'Berlin' }), march12);
    const onlineOnly = scoreMatch(wantsInPerson, mentor({ format: 'online' }), march12);
    const abroad = scoreMatch(wantsInPerson, mentor({ format: 'in_person', city: 'Paris', country: 'FR' }), march12);
    expect(berlin.reasons.at(-1)).toBe('meets in person in Berlin');
    expect(berlin.score - onlineOnly.score).toBe(10);
    expect(abroad.score).toBe(onlineOnly.score);
    expect(abroad.reasons.join()).not.toContain('in person');
  });

  it('is deterministic: the same inputs give the same answer, and ties sort by name, then id', () => {
    const first = scoreMatch(mentee(), mentor(), march12);
    expect(scoreMatch(mentee(), mentor(), march12)).toEqual(first);
    const cards = [
      { id: 'b', displayName: 'Zoe', match: first },
      { id: 'c', displayName: 'ana', match: first },
      { id: 'a', displayName: 'Ana', match: first },
      { id: 'd', displayName: 'Bea', match: { ...first, score: 101 } },
      { id: 'e', displayName: 'Aaron', match: { eligible: false, score: 0, reasons: [] } },
    ];
    expect([...cards].sort(compareMatches).map((card) => card.id)).toEqual(['d', 'a', 'c', 'b', 'e']);
    expect([...cards].reverse().sort(compareMatches).map((card) => card.id)).toEqual(['d', 'a', 'c', 'b', 'e']);
  });

  describe('DST: New York has switched to summer time (9 March 2025), Berlin not yet (30 March)', () => {
    const newYorkMentee = mentee({ timezone: 'America/New_York', availability: [{ day: 2, start: '13:00', end: '15:00' }], country: 'US' });
    const berlinMentor = mentor({ availability: [{ day: 2, start: '18:00', end: '20:00' }] });

    it('puts them 5 h apart in the weeks between, 6 h before and after', () => {
      expect(hoursApart('America/New_York', 'Europe/Berlin', new Date('2025-03-05T12:00:00Z'))).toBe(6);
      expect(hoursApart('America/New_York', 'Europe/Berlin', march12)).toBe(5);
      expect(hoursApart('America/New_York', 'Europe/Berlin', new Date('2025-04-09T12:00:00Z'))).toBe(6);
    });

    it('finds the full two-hour overlap only in the weeks between', () => {
      const between = scoreMatch(newYorkMentee, berlinMentor, march12);
      const before = scoreMatch(newYorkMentee, berlinMentor, new Date('2025-03-05T12:00:00Z'));
      const after = scoreMatch(newYorkMentee, berlinMentor, new Date('2025-04-09T12:00:00Z'));
      expect(between.reasons).toEqual(['3 shared topics', 'speaks English', '5 h apart', 'free Tuesday afternoons']);
      // 45 topics + 20 × (1 − 5/12) time zones + 25 × 120/180 availability + 10 format
      expect(between.score).toBe(Math.round(45 + 20 * (7 / 12) + 25 * (120 / 180) + 10));
      expect(before.score).toBe(Math.round(45 + 20 * (6 / 12) + 25 * (60 / 180) + 10));
      expect(after.score).toBe(before.score);
    });
  });
});

describe('time zones', () => {
  it('converts each day of a week with the offset in force that day (Berlin switches on Sunday 30 March 2025)', () => {
    const spans = weeklySpansUtc(
      [
        { day: 1, start: '10:00', end: '11:00' },
        { day: 7, start: '10:00', end: '11:00' },
      ],
      'Europe/Berlin',
      new Date('2025-03-26T00:00:00Z'),
    );
    expect(spans).toEqual([
      { start: 9 * 60, end: 10 * 60 },
      { start: 6 * 24 * 60 + 8 * 60, end: 6 * 24 * 60 + 9 * 60 },
    ]);
  });

  it('wraps spans that cross the UTC week’s ends, so Sunday night in New York meets Monday morning in Tokyo', () => {
    const at = new Date('2025-01-15T00:00:00Z');
    const tokyo = weeklySpansUtc([{ day: 1, start: '08:00', end: '10:00' }], 'Asia/Tokyo', at);
    expect(tokyo).toEqual([
      { start: 0, end: 60 },
      { start: WEEK_MINUTES - 60, end: WEEK_MINUTES },
    ]);
    const result = scoreMatch(
      mentee({ timezone: 'America/New_York', availability: [{ day: 7, start: '18:00', end: '20:00' }] }),
      mentor({ timezone: 'Asia/Tokyo', availability: [{ day: 1, start: '08:00', end: '10:00' }] }),
      at,
    );
    expect(result.reasons).toContain('free Sunday evenings');
  });

  it('resolves a local time skipped by spring-forward an hour later, and a repeated one to its first pass', () => {
    expect(new Date(zonedTimeToUtc('Europe/Berlin', 2025, 3, 30, 2 * 60 + 30)).toISOString()).toBe('2025-03-30T01:30:00.000Z');
    expect(new Date(zonedTimeToUtc('Europe/Berlin', 2025, 10, 26, 2 * 60 + 30)).toISOString()).toBe('2025-10-26T00:30:00.000Z');
    expect(new Date(zonedTimeToUtc('America/New_York', 2025, 7, 1, 9 * 60)).toISOString()).toBe('2025-07-01T13:00:00.000Z');
  });

  it('measures distance on a 24-hour circle', () => {
    const at = new Date('2025-01-15T00:00:00Z');
    expect(hoursApart('Pacific/Kiritimati', 'Pacific/Honolulu', at)).toBe(0);
    expect(hoursApart('UTC', 'Asia/Tokyo', at)).toBe(9);
  });
});
