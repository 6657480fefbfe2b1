/**
 * Time-zone arithmetic on IANA zones with nothing but Intl, so the browser and Lambda share it without a
 * date library. Offsets are always taken at a given instant: that is what makes DST weeks come out right.
 */
import type { AvailabilityWindow } from './profile';
import { mergeSpans, type Span } from './spans';

const MINUTE = 60_000;
export const WEEK_MINUTES = 7 * 24 * 60;

const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (zone: string) => {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, found);
  }
  return found;
};

// Offsets change at most a few times a year, on the hour or half hour: a per-zone, per-15-minute memo makes
// scoring thousands of mentors cheap without changing any answer.
// Keyed by zone, then bucket: no key string to build on the hot path (scoring calls this twice per mentor).
const offsetMemo = new Map<string, Map<number, number>>();
let memoSize = 0;

/** The zone's offset from UTC at `instant`, in minutes (Berlin in winter: 60; New York in summer: -240). */
export const zoneOffsetMinutes = (zone: string, instant: number): number => {
  const bucket = Math.floor(instant / (15 * MINUTE));
  let byBucket = offsetMemo.get(zone);
  const memo = byBucket?.get(bucket);
  if (memo !== undefined) return memo;
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(new Date(bucket * 15 * MINUTE))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  const offset = Math.round((asUtc - bucket * 15 * MINUTE) / MINUTE);
  if (memoSize > 50_000) {
    offsetMemo.clear();
    memoSize = 0;
    byBucket = undefined;
  }
  if (!byBucket) offsetMemo.set(zone, (byBucket = new Map()));
  byBucket.set(bucket, offset);
  memoSize += 1;
  return offset;
};

/**
 * The instant at which the wall clock in `zone` shows the given local time. A time skipped by a DST
 * switch resolves to the instant an hour later, as most calendars do; a repeated hour to its first pass.
 */
export const zonedTimeToUtc = (zone: string, year: number, month: number, day: number, minuteOfDay: number): number => {
  const wall = Date.UTC(year, month - 1, day) + minuteOfDay * MINUTE;
  // A zone changes its offset at most once within two days: the offsets a day either side are the candidates.
  const before = zoneOffsetMinutes(zone, wall - 24 * 60 * MINUTE);
  const after = zoneOffsetMinutes(zone, wall + 24 * 60 * MINUTE);
  const valid = [wall - before * MINUTE, wall - after * MINUTE].filter((instant) => instant + zoneOffsetMinutes(zone, instant) * MINUTE === wall);
  if (valid.length) return Math.min(...valid);
  // Skipped by a spring-forward switch: the old offset lands as far past the gap as the time was into it.
  return wall - before * MINUTE;
};

/** Hours between two zones' clocks at `at`, on a 24-hour circle (UTC+14 and UTC-10 show the same hour). */
export const hoursApart = (zoneA: string, zoneB: string, at: Date): number => {
  const difference = Math.abs(zoneOffsetMinutes(zoneA, at.getTime()) - zoneOffsetMinutes(zoneB, at.getTime())) % (24 * 60);
  return Math.min(difference, 24 * 60 - difference) / 60;
};

/** Monday 00:00 UTC of the ISO week containing `at`. */
export const weekStartUtc = (at: Date) => {
  const day = (at.getUTCDay() + 6) % 7;
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() - day);
};

const minutes = (time: string) => {
  const [hours, mins] = time.split(':').map(Number);
  return hours! * 60 + mins!;
};

/** A span of the week, in minutes since Monday 00:00 UTC, start inclusive and end exclusive, 0 ≤ start < end ≤ WEEK_MINUTES. */
export type WeekSpan = Span;

/**
 * Weekly windows given in `zone` as spans of the UTC week containing `at`: each window is placed on its
 * own date of that week and converted with the offset in force then, so a week in which the zone changes
 * its clocks converts each day correctly. Spans that fall off either end of the week wrap around, since the
 * availability repeats every week. The answer is sorted and merged.
 */
export const weeklySpansUtc = (windows: readonly AvailabilityWindow[], zone: string, at: Date): WeekSpan[] => {
  const monday = weekStartUtc(at);
  const mondayDate = new Date(monday);
  const spans: WeekSpan[] = [];
  for (const window of windows) {
    const date = new Date(Date.UTC(mondayDate.getUTCFullYear(), mondayDate.getUTCMonth(), mondayDate.getUTCDate() + window.day - 1));
    const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
    const start = (zonedTimeToUtc(zone, y, m, d, minutes(window.start)) - monday) / MINUTE;
    const end = (zonedTimeToUtc(zone, y, m, d, minutes(window.end)) - monday) / MINUTE;
    if (end <= start) continue;
    // Shift into [0, WEEK) and split at the week's end.
    const shift = Math.floor(start / WEEK_MINUTES) * WEEK_MINUTES;
    const from = start - shift;
    const to = end - shift;
    if (to <= WEEK_MINUTES) spans.push({ start: from, end: to });
    else spans.push({ start: from, end: WEEK_MINUTES }, { start: 0, end: to - WEEK_MINUTES });
  }
  return mergeSpans(spans);
};

