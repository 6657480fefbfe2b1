/**
 * Weekly availability on the UTC week, for matching and slots. The zone arithmetic itself is ../time.ts, the
 * one date and time-zone module.
 */
import { weekStartUtc, zonedTimeToUtc } from '../time';
import type { AvailabilityWindow } from './profile';
import { mergeSpans, type Span } from './spans';

const MINUTE = 60_000;
export const WEEK_MINUTES = 7 * 24 * 60;

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

