import { describe, expect, it } from 'vitest';
import { dayKey, formatCalendarDate, formatDate, formatDateTime, formatDayHeading, formatLongDate, formatTime, zoneLabel, zonePlace } from './datetime';

// 17:51 UTC on Tuesday 24 November 2026: evening in Berlin, lunchtime in New York, the next morning in Auckland.
const instant = '2026-11-24T17:51:00.000Z';

describe('lib/datetime: one form of every date and time, in the member’s zone', () => {
  it('writes a moment one way, in the zone it is given', () => {
    expect(formatDateTime(instant, 'Europe/Berlin')).toBe('Tue 24 Nov 2026, 18:51');
    expect(formatDateTime(instant, 'America/New_York')).toBe('Tue 24 Nov 2026, 12:51');
    expect(formatDateTime(instant, 'Pacific/Auckland')).toBe('Wed 25 Nov 2026, 06:51');
    expect(formatDateTime(new Date(instant), 'UTC')).toBe('Tue 24 Nov 2026, 17:51');
  });

  it('writes its parts the same way', () => {
    expect(formatDate(instant, 'Europe/Berlin')).toBe('Tue 24 Nov 2026');
    expect(formatTime(instant, 'Asia/Kolkata')).toBe('23:21');
    expect(formatLongDate(instant, 'Pacific/Auckland')).toBe('25 November 2026');
    expect(formatDayHeading(instant, 'Europe/Berlin')).toBe('Tuesday 24 November');
    expect(dayKey(instant, 'Pacific/Auckland')).toBe('2026-11-25');
  });

  it('follows daylight saving on each date', () => {
    expect(formatTime('2026-07-01T16:00:00Z', 'Europe/Berlin')).toBe('18:00');
    expect(formatTime('2026-12-01T16:00:00Z', 'Europe/Berlin')).toBe('17:00');
  });

  it('keeps a calendar date on its day wherever the reader is', () => {
    expect(formatCalendarDate('2026-11-26')).toBe('Thu 26 Nov 2026');
  });

  it('names a zone by its place and its offset at the time', () => {
    expect(zonePlace('America/Argentina/Buenos_Aires')).toBe('Buenos Aires');
    expect(zoneLabel('Europe/Berlin', new Date(instant))).toBe('Berlin (GMT+1)');
    expect(zoneLabel('Europe/Berlin', new Date('2026-07-01T12:00:00Z'))).toBe('Berlin (GMT+2)');
    expect(zoneLabel('Asia/Kolkata', new Date(instant))).toBe('Kolkata (GMT+5:30)');
    expect(zoneLabel('Europe/London', new Date(instant))).toBe('London (GMT)');
    expect(zoneLabel('UTC')).toBe('UTC');
    expect(zoneLabel('Not/AZone')).toBe('Not/AZone');
  });
});
