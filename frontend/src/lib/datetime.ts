/**
 * Every date and time the SPA shows, in one shape and in the member's time zone (their profile's, else the
 * browser's: see useMemberZone). Instants come from the API as ISO strings; Intl does the zone arithmetic, so
 * daylight-saving changes come out right on each date.
 *
 * The shapes follow the interface's language, British English ("Thu 26 Nov 2026, 18:00"), in one place:
 * DISPLAY_LOCALE. Dates in another locale's order beside English sentences read worse than one consistent form.
 */

export const DISPLAY_LOCALE = 'en-GB';

/** The browser's own IANA time zone (visitors, and members before their profile says otherwise). */
export const browserZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

type Shape = 'time' | 'date' | 'shortDate' | 'longDate' | 'day' | 'key' | 'offset';

const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  date: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  shortDate: { weekday: 'short', day: 'numeric', month: 'short' },
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  day: { weekday: 'long', day: 'numeric', month: 'long' },
  key: { year: 'numeric', month: '2-digit', day: '2-digit' },
  offset: { timeZoneName: 'shortOffset' },
};

const formats = new Map<string, Intl.DateTimeFormat>();
const formatter = (zone: string, shape: Shape) => {
  const name = `${zone}|${shape}`;
  let format = formats.get(name);
  if (!format) {
    // en-CA writes calendar keys as YYYY-MM-DD; every shape a person reads is the display locale's.
    format = new Intl.DateTimeFormat(shape === 'key' ? 'en-CA' : DISPLAY_LOCALE, { timeZone: zone, ...SHAPES[shape] });
    formats.set(name, format);
  }
  return format;
};

const instant = (value: string | Date) => (typeof value === 'string' ? new Date(value) : value);

/** "18:00" in the zone. */
export const formatTime = (value: string | Date, zone: string) => formatter(zone, 'time').format(instant(value));

/** "Thu 26 Nov" in the zone: a day near enough that its year goes without saying (a request's expiry). */
export const formatShortDate = (value: string | Date, zone: string) => formatter(zone, 'shortDate').format(instant(value)).replace(',', '');

/** "Thu 26 Nov 2026" in the zone (en-GB writes "Thu, 26 Nov 2026"; one comma, before a time, reads better). */
export const formatDate = (value: string | Date, zone: string) => formatter(zone, 'date').format(instant(value)).replace(',', '');

/** "Thu 26 Nov 2026, 18:00" in the zone: the one form of a moment everywhere in the SPA. */
export const formatDateTime = (value: string | Date, zone: string) => `${formatDate(value, zone)}, ${formatTime(value, zone)}`;

/** "26 November 2026" in the zone: a deadline or an end date written out in a sentence. */
export const formatLongDate = (value: string | Date, zone: string) => formatter(zone, 'longDate').format(instant(value));

/** "Friday 27 March" in the zone: the heading of a day's group. */
export const formatDayHeading = (value: string | Date, zone: string) => formatter(zone, 'day').format(instant(value));

/** The calendar date in the zone (YYYY-MM-DD), to group or compare by. */
export const dayKey = (value: string | Date, zone: string) => formatter(zone, 'key').format(instant(value));

/** A calendar date without a time ("2026-11-26", a due date) as "Thu 26 Nov 2026": the same day wherever the reader is. */
export const formatCalendarDate = (date: string) => formatDate(`${date.slice(0, 10)}T12:00:00Z`, 'UTC');

/** "Berlin": a zone's place as people say it ("America/Argentina/Buenos_Aires" → "Buenos Aires"). */
export const zonePlace = (zone: string) => (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ');

/** "Berlin (GMT+1)" at `at` (offsets move with daylight saving); a zone this runtime does not know shows as given. */
export const zoneLabel = (zone: string, at: Date = new Date()) => {
  if (zone === 'UTC' || zone === 'Etc/UTC') return 'UTC';
  try {
    const offset = formatter(zone, 'offset').formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
    // ICU versions differ on Greenwich itself ("GMT" or "GMT+0"): one spelling.
    return `${zonePlace(zone)} (${offset === 'GMT+0' ? 'GMT' : offset})`;
  } catch {
    return zone;
  }
};

// Relative times. Two rules on purpose: a deadline or a date ahead rounds to the nearest unit ("expires in 5
// days"), an age counts whole units elapsed ("updated 3 minutes ago" until the fourth minute is full).
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** "in 5 days", "2 hours ago", "now": the largest unit that fits. */
export const relativeTime = (iso: string, now = Date.now()) => {
  const seconds = (new Date(iso).getTime() - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(0, 'second');
};

/** "just now", "3 minutes ago", "2 hours ago": how old the figures are. */
export const age = (iso: string, now: number) => {
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return relativeFormat.format(-minutes, 'minute');
  if (minutes < 48 * 60) return relativeFormat.format(-Math.floor(minutes / 60), 'hour');
  return relativeFormat.format(-Math.floor(minutes / (24 * 60)), 'day');
};
