import { describe, expect, it } from 'vitest';
import { newDraft, validateDraft } from './draft';
import { filtersFromSearch, searchFromFilters } from './filters';
import { countryOptions } from './reference';
import { hoursApart, shiftWindows } from './time';
import { PROFILE_LIMITS } from './types';

describe('mentoring helpers', () => {
  it('check a draft\'s numbers against the bounds the server\'s schema enforces, at and past each end', () => {
    const mentor = (fields: { yearsOfExperience?: string; capacity?: string }) => validateDraft({ ...newDraft('mentor'), ...fields });
    for (const field of ['yearsOfExperience', 'capacity'] as const) {
      const { min, max } = PROFILE_LIMITS[field];
      expect(mentor({ [field]: String(min) })[field]).toBeUndefined();
      expect(mentor({ [field]: String(max) })[field]).toBeUndefined();
      expect(mentor({ [field]: String(max + 1) })[field]).toBeDefined();
      if (min > 0) expect(mentor({ [field]: String(min - 1) })[field]).toBeDefined();
    }
  });

  it('list each country once, by today\'s code (no old codes such as UK, DD, YU or SU beside GB, DE, RS and RU)', () => {
    const options = countryOptions();
    const labels = options.map((option) => option.label);
    expect(labels.filter((label, index) => labels.indexOf(label) !== index)).toEqual([]);
    for (const [old, current, name] of [['UK', 'GB', 'United Kingdom'], ['DD', 'DE', 'Germany'], ['YU', 'RS', 'Serbia'], ['SU', 'RU', 'Russia']]) {
      expect(options.find((option) => option.value === old)).toBeUndefined();
      expect(options.find((option) => option.value === current)?.label).toBe(name);
    }
  });

  it('move weekly windows into the viewer’s zone, splitting at midnight and wrapping the week', () => {
    const january = new Date('2026-01-15T12:00:00Z');
    // Sunday 22:00–24:00 in Lima (UTC−5) is Monday 04:00–06:00 in Berlin (UTC+1).
    expect(shiftWindows([{ day: 7, start: '22:00', end: '24:00' }], 'America/Lima', 'Europe/Berlin', january)).toEqual([{ day: 1, start: '04:00', end: '06:00' }]);
    // Monday 19:00–22:00 in Berlin (UTC+1) is Monday 23:30 – Tuesday 02:30 in Kolkata (UTC+5:30).
    expect(shiftWindows([{ day: 1, start: '19:00', end: '22:00' }], 'Europe/Berlin', 'Asia/Kolkata', january)).toEqual([
      { day: 1, start: '23:30', end: '24:00' },
      { day: 2, start: '00:00', end: '02:30' },
    ]);
    expect(hoursApart('Europe/Berlin', 'Asia/Kolkata', january)).toBe(4.5);
    expect(hoursApart('Europe/Berlin', 'Europe/Paris', january)).toBe(0);
  });

  it('keep the filters in the URL in one order and ignore what is not a filter', () => {
    const filters = filtersFromSearch(new URLSearchParams('format=ftp&maxHoursApart=99&languages=es,,en&q=%20rust%20&topics=Leadership'));
    expect(filters).toEqual({ q: 'rust', topics: ['Leadership'], languages: ['es', 'en'], maxHoursApart: null, format: null });
    expect(searchFromFilters(filters).toString()).toBe('q=rust&topics=Leadership&languages=es%2Cen');
  });
});
