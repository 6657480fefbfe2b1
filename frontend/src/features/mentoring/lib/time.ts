/** Time zones and weekly availability, in plain Intl: no date library in the bundle. */
import { zoneOffsetMinutes as sharedZoneOffsetMinutes } from '@mentoring/shared/time';
import type { AvailabilityWindow } from './types';

const MINUTES_PER_DAY = 24 * 60;
const MINUTES_PER_WEEK = 7 * MINUTES_PER_DAY;

/** The browser's own IANA time zone (the default for a new profile and for visitors). */
export { browserZone as browserTimeZone } from '@/lib/datetime';

/** Minutes ahead of UTC in `zone` at `at` (negative west of Greenwich), by the one zone module; 0 for a zone this runtime does not know. */
export const zoneOffsetMinutes = (zone: string, at: Date = new Date()) => {
  try {
    return sharedZoneOffsetMinutes(zone, at.getTime());
  } catch {
    return 0;
  }
};

/** "GMT+05:30", as a time zone picker shows it. */
export const formatOffset = (minutes: number) => {
  const sign = minutes < 0 ? '−' : '+';
  const absolute = Math.abs(minutes);
  return `GMT${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
};

/** Hours between two zones' clocks now, to the half hour (India and Nepal are not whole hours apart). */
export const hoursApart = (a: string, b: string, at: Date = new Date()) =>
  Math.round((Math.abs(zoneOffsetMinutes(a, at) - zoneOffsetMinutes(b, at)) / 60) * 2) / 2;

/** Every zone the browser knows, with its current offset, sorted west to east. */
export const timeZoneOptions = (at: Date = new Date()) => {
  const zones = new Set<string>([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return [...zones]
    .map((zone) => ({ zone, offset: zoneOffsetMinutes(zone, at) }))
    .sort((a, b) => a.offset - b.offset || a.zone.localeCompare(b.zone))
    .map(({ zone, offset }) => ({ value: zone, label: `${formatOffset(offset)} ${zone.replaceAll('_', ' ')}` }));
};

/** "18:30" ↔ minutes since midnight; "24:00" is the end of the day. */
export const toMinutes = (time: string) => {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
};
export const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Quarter hours for the availability editor's selects. */
export const START_TIMES = Array.from({ length: 96 }, (_, index) => toTime(index * 15));
export const END_TIMES = Array.from({ length: 96 }, (_, index) => toTime((index + 1) * 15));

/** ISO weekdays, 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
// 1 January 2024 was a Monday.
const weekdayDate = (day: number) => new Date(Date.UTC(2024, 0, day, 12));
export const weekdayName = (day: number, width: 'long' | 'short' = 'long') =>
  new Intl.DateTimeFormat('en-GB', { weekday: width, timeZone: 'UTC' }).format(weekdayDate(day));

/**
 * Weekly windows from one zone's clock to another's, at today's offsets: a window that crosses midnight
 * in the viewer's zone becomes two, and the week wraps (Sunday evening in Lima is Monday morning in Berlin).
 */
export const shiftWindows = (windows: readonly AvailabilityWindow[], from: string, to: string, at: Date = new Date()): AvailabilityWindow[] => {
  const shift = zoneOffsetMinutes(to, at) - zoneOffsetMinutes(from, at);
  const pieces: { start: number; end: number }[] = [];
  for (const window of windows) {
    const start = (window.day - 1) * MINUTES_PER_DAY + toMinutes(window.start) + shift;
    const length = toMinutes(window.end) - toMinutes(window.start);
    let cursor = ((start % MINUTES_PER_WEEK) + MINUTES_PER_WEEK) % MINUTES_PER_WEEK;
    let left = length;
    while (left > 0) {
      const dayEnd = (Math.floor(cursor / MINUTES_PER_DAY) + 1) * MINUTES_PER_DAY;
      const piece = Math.min(left, dayEnd - cursor);
      pieces.push({ start: cursor, end: cursor + piece });
      left -= piece;
      cursor = (cursor + piece) % MINUTES_PER_WEEK;
    }
  }
  return pieces
    .map(({ start, end }) => {
      const day = Math.floor(start / MINUTES_PER_DAY);
      return { day: day + 1, start: toTime(start - day * MINUTES_PER_DAY), end: toTime(end - day * MINUTES_PER_DAY) };
    })
    .sort((a, b) => a.day - b.day || a.start.localeCompare(b.start));
};

/** Windows grouped by weekday, in order. */
export const byDay = (windows: readonly AvailabilityWindow[]) =>
  WEEKDAYS.map((day) => ({ day, windows: windows.filter((window) => window.day === day).sort((a, b) => a.start.localeCompare(b.start)) }));

export const formatWindow = (window: Pick<AvailabilityWindow, 'start' | 'end'>) => `${window.start}–${window.end}`;
