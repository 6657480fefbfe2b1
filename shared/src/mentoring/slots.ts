/**
 * The pair's common free slots (DOMAIN.md, "Sessions"): each member's weekly windows are laid on the real
 * calendar dates of their own zone, converted to UTC with the offset in force on each date (time.ts), and
 * intersected; booked sessions of either member are taken out; slot starts fall on the quarter hour. Pure and
 * free of zod, so the server's booking rules and the SPA's slot picker compute the same answer.
 */
import type { AvailabilityWindow } from './profile';
import { MAX_BOOKING_DAYS_AHEAD, SLOT_STEP_MINUTES } from './sessions-rules';
import { intersectSpans, mergeSpans, type Span } from './spans';
import { zonedTimeToUtc } from '../time';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const STEP = SLOT_STEP_MINUTES * MINUTE;

/** A span of time in epoch milliseconds, start inclusive, end exclusive. */
export type Interval = Span;

export interface WeeklyAvailability {
  timezone: string;
  availability: readonly AvailabilityWindow[];
}

export interface Slot {
  startsAt: string;
  endsAt: string;
}

const minuteOfDay = (time: string) => {
  const [hours, mins] = time.split(':').map(Number);
  return hours! * 60 + mins!;
};

/**
 * A member's availability as UTC intervals within [from, to). Each local calendar date that can touch the
 * range is visited (a day either side covers every offset, UTC-12 to UTC+14), and each of its windows is
 * converted with that date's own offset, so a week with a DST switch comes out right day by day.
 */
export const availabilityIntervals = ({ timezone, availability }: WeeklyAvailability, from: number, to: number): Interval[] => {
  if (to <= from || !availability.length) return [];
  const spans: Interval[] = [];
  const first = new Date(from - DAY);
  const firstDate = Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), first.getUTCDate());
  for (let date = firstDate; date < to + DAY; date += DAY) {
    const day = new Date(date);
    const isoDay = ((day.getUTCDay() + 6) % 7) + 1;
    const [y, m, d] = [day.getUTCFullYear(), day.getUTCMonth() + 1, day.getUTCDate()];
    for (const window of availability) {
      if (window.day !== isoDay) continue;
      const start = Math.max(zonedTimeToUtc(timezone, y, m, d, minuteOfDay(window.start)), from);
      const end = Math.min(zonedTimeToUtc(timezone, y, m, d, minuteOfDay(window.end)), to);
      if (start < end) spans.push({ start, end });
    }
  }
  return mergeSpans(spans);
};

/** `free` with the `busy` intervals (any order, may overlap) taken out. */
export const subtractIntervals = (free: readonly Interval[], busy: readonly Interval[]): Interval[] => {
  const taken = mergeSpans(busy);
  const out: Interval[] = [];
  let j = 0;
  for (const span of free) {
    let start = span.start;
    while (j < taken.length && taken[j]!.end <= start) j += 1;
    let k = j;
    while (k < taken.length && taken[k]!.start < span.end) {
      if (taken[k]!.start > start) out.push({ start, end: taken[k]!.start });
      start = Math.max(start, taken[k]!.end);
      k += 1;
    }
    if (start < span.end) out.push({ start, end: span.end });
  }
  return out;
};

/** The intervals every member is available in, within [from, to). */
export const commonAvailability = (members: readonly WeeklyAvailability[], from: number, to: number): Interval[] =>
  members.reduce<Interval[] | null>((common, member) => {
    const own = availabilityIntervals(member, from, to);
    return common ? intersectSpans(common, own) : own;
  }, null) ?? [];

export interface SlotRequest {
  members: readonly WeeklyAvailability[];
  /** Start of the range asked for (defaults to now); the range is [from, from + days). */
  from: Date;
  days: number;
  durationMinutes: number;
  /** Nothing before now; nothing starting more than MAX_BOOKING_DAYS_AHEAD after it. */
  now: Date;
  /** Sessions already booked by either member. */
  busy: readonly Interval[];
}

/** The latest start a booking made at `now` may have. */
export const latestBookableStart = (now: Date) => now.getTime() + MAX_BOOKING_DAYS_AHEAD * DAY;

/** Slot starts on the quarter hour at which a session of `durationMinutes` fits in the pair's common free time. */
export const commonSlots = ({ members, from, days, durationMinutes, now, busy }: SlotRequest): Slot[] => {
  const length = durationMinutes * MINUTE;
  const earliest = Math.max(from.getTime(), now.getTime());
  const latestStart = Math.min(from.getTime() + days * DAY, latestBookableStart(now) + 1);
  if (latestStart <= earliest || !members.length) return [];
  const free = subtractIntervals(commonAvailability(members, earliest, latestStart + length), busy);
  const slots: Slot[] = [];
  for (const span of free) {
    for (let start = Math.ceil(span.start / STEP) * STEP; start + length <= span.end && start < latestStart; start += STEP) {
      slots.push({ startsAt: new Date(start).toISOString(), endsAt: new Date(start + length).toISOString() });
    }
  }
  return slots;
};

/** Why a start cannot be booked, or null when it can (the server's rules; the SPA may show them early). */
export type SlotProblem = 'not_on_step' | 'past' | 'too_far' | 'outside_availability' | 'busy';

export const checkSlot = ({
  members,
  start,
  durationMinutes,
  now,
  busy,
}: {
  members: readonly WeeklyAvailability[];
  start: Date;
  durationMinutes: number;
  now: Date;
  busy: readonly Interval[];
}): SlotProblem | null => {
  const at = start.getTime();
  const end = at + durationMinutes * MINUTE;
  if (at % STEP !== 0) return 'not_on_step';
  if (at < now.getTime()) return 'past';
  if (at > latestBookableStart(now)) return 'too_far';
  const common = commonAvailability(members, at - DAY, end + DAY);
  if (!common.some((span) => span.start <= at && end <= span.end)) return 'outside_availability';
  if (busy.some((span) => span.start < end && at < span.end)) return 'busy';
  return null;
};

/** The quarter hours a session occupies: the keys of its members' busy guards. */
export const quarterHoursOf = (start: Date, durationMinutes: number): string[] => {
  const quarters: string[] = [];
  const first = Math.floor(start.getTime() / STEP) * STEP;
  for (let at = first; at < start.getTime() + durationMinutes * MINUTE; at += STEP) quarters.push(new Date(at).toISOString());
  return quarters;
};
