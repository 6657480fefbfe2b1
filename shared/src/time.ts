/**
 * Dates and time zones, the one module for them: the scheduler stand-in, the handlers, the mentoring rules and
 * the SPA all take zone offsets from here. IANA zones with nothing but Intl, so the browser and Lambda share
 * it without a date library. Offsets are always taken at a given instant: that is what makes DST weeks come
 * out right. (How the SPA writes a date for people is frontend/src/lib/datetime.ts.)
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** Whether this runtime's Intl can format in `zone` (links such as "US/Pacific" included, unlike the profile's list). */
export const intlKnowsZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

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

/**
 * The zone's offset from UTC at `instant` (epoch milliseconds), in minutes (Berlin in winter: 60; New York in
 * summer: -240). Throws a RangeError for a zone Intl does not know.
 */
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
 * The instant at which the wall clock in `zone` shows `wall` (that wall-clock time written as if it were UTC,
 * epoch milliseconds). A time skipped by a DST switch resolves to the instant an hour later, as most calendars
 * do; a repeated hour to its first pass.
 */
export const wallClockToUtc = (zone: string, wall: number): number => {
  // A zone changes its offset at most once within two days: the offsets a day either side are the candidates.
  const before = zoneOffsetMinutes(zone, wall - DAY);
  const after = zoneOffsetMinutes(zone, wall + DAY);
  const valid = [wall - before * MINUTE, wall - after * MINUTE].filter((instant) => instant + zoneOffsetMinutes(zone, instant) * MINUTE === wall);
  if (valid.length) return Math.min(...valid);
  // Skipped by a spring-forward switch: the old offset lands as far past the gap as the time was into it.
  return wall - before * MINUTE;
};

/** The instant at which the wall clock in `zone` shows `minuteOfDay` on the given date (see wallClockToUtc). */
export const zonedTimeToUtc = (zone: string, year: number, month: number, day: number, minuteOfDay: number): number =>
  wallClockToUtc(zone, Date.UTC(year, month - 1, day) + minuteOfDay * MINUTE);

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
