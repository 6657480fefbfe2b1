/**
 * How well a mentor suits a mentee: one pure function, so the directory, a coordinator's suggestions, the
 * SPA and the tests all use the same one (docs/domain.md, "Finding a mentor").
 *
 * A shared language is required; mentors the mentee declined or blocked, or who declined them, are left out
 * (the caller passes their ids in `excluded`). Otherwise the score, 0–100, adds up:
 *   topics        45 × the share of the mentee's topics the mentor covers
 *   availability  25 × weekly overlap of their windows, in UTC for the week of `at`, full at 3 hours
 *   time zones    20 × how close their clocks are at `at` (0 h: all of it; 12 h: none)
 *   format        10 when they can meet the way the mentee wants (in person: same country)
 */
import type { AvailabilityWindow, Format } from './profile';
import { intersectSpans } from './spans';
import { hoursApart, weekStartUtc, zoneOffsetMinutes } from '../time';
import { weeklySpansUtc, type WeekSpan } from './time';

export interface MatchProfile {
  languages: readonly string[];
  topics: readonly string[];
  timezone: string;
  availability: readonly AvailabilityWindow[];
  format: Format;
  country?: string | null;
}

export type MenteeForMatching = MatchProfile;
export type MentorForMatching = MatchProfile & { id: string; city?: string | null };

export interface MatchResult {
  eligible: boolean;
  /** 0–100, whole numbers; 0 when not eligible. */
  score: number;
  /** One reason per string, most telling first, as the card shows them ("3 shared topics", "speaks Spanish"). */
  reasons: string[];
}

export const MATCH_WEIGHTS = { topics: 45, availability: 25, timezone: 20, format: 10 } as const;
/** Weekly overlap at which availability counts in full: enough for a session a week and some slack. */
export const FULL_OVERLAP_MINUTES = 180;
/** Overlap below this is not worth naming on the card. */
const NAMED_OVERLAP_MINUTES = 30;

const NO_ONE: ReadonlySet<string> = new Set();

let languageNames: Intl.DisplayNames | undefined;
const namesByCode = new Map<string, string>();
export const languageName = (code: string) => {
  let name = namesByCode.get(code);
  if (name === undefined) {
    languageNames ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });
    name = languageNames.of(code) ?? code;
    namesByCode.set(code, name);
  }
  return name;
};

// Availability only changes with the profile, and a directory scores the same mentors over and over:
// remember each window list's spans per zone and week (keyed by the array, so a new profile is a new key;
// the zone and week by a nested map, so a lookup builds no string).
const spanMemo = new WeakMap<readonly AvailabilityWindow[], Map<string, Map<number, WeekSpan[]>>>();
const spansOf = (profile: MatchProfile, at: Date, week: number) => {
  let byZone = spanMemo.get(profile.availability);
  if (!byZone) {
    byZone = new Map();
    spanMemo.set(profile.availability, byZone);
  }
  let byWeek = byZone.get(profile.timezone);
  if (!byWeek) {
    if (byZone.size > 8) byZone.clear();
    byWeek = new Map();
    byZone.set(profile.timezone, byWeek);
  }
  let spans = byWeek.get(week);
  if (!spans) {
    spans = weeklySpansUtc(profile.availability, profile.timezone, at);
    if (byWeek.size > 8) byWeek.clear();
    byWeek.set(week, spans);
  }
  return spans;
};

const topicMemo = new WeakMap<readonly string[], Set<string>>();
const foldedTopics = (topics: readonly string[]) => {
  let folded = topicMemo.get(topics);
  if (!folded) {
    folded = new Set(topics.map((topic) => topic.toLowerCase()));
    topicMemo.set(topics, folded);
  }
  return folded;
};

const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const partOfDay = (hour: number) => (hour >= 5 && hour < 12 ? 'mornings' : hour >= 12 && hour < 17 ? 'afternoons' : hour >= 17 && hour < 22 ? 'evenings' : 'nights');

/** "free Tuesday evenings": the longest shared span, named in the mentee's own clock by its middle. */
const describeSpan = (span: WeekSpan, zone: string, at: Date) => {
  const middle = weekStartUtc(at) + ((span.start + span.end) / 2) * 60_000;
  const local = new Date(middle + zoneOffsetMinutes(zone, middle) * 60_000);
  return `free ${DAYS[(local.getUTCDay() + 6) % 7]} ${partOfDay(local.getUTCHours())}`;
};

const describeHours = (hours: number) => {
  if (hours === 0) return 'same time zone';
  const whole = Math.floor(hours);
  const minutes = Math.round((hours - whole) * 60);
  return `${whole} h${minutes ? ` ${minutes} min` : ''} apart`;
};

const canMeet = (mentee: MatchProfile, mentor: MentorForMatching) => {
  const mentorOnline = mentor.format !== 'in_person';
  const mentorInPerson = mentor.format !== 'online';
  const sameCountry = Boolean(mentee.country && mentee.country === mentor.country);
  if (mentee.format === 'online') return { compatible: mentorOnline, inPerson: false };
  const inPerson = mentorInPerson && sameCountry;
  if (mentee.format === 'in_person') return { compatible: inPerson, inPerson };
  return { compatible: mentorOnline || inPerson, inPerson };
};

/**
 * `explain: false` leaves out the reasons of an eligible match (the score is the same): the directory ranks
 * hundreds of mentors per page but shows only a page of cards, and naming reasons costs more than scoring.
 */
export const scoreMatch = (
  mentee: MenteeForMatching,
  mentor: MentorForMatching,
  at: Date,
  excluded: ReadonlySet<string> = NO_ONE,
  { explain = true }: { explain?: boolean } = {},
): MatchResult => {
  if (excluded.has(mentor.id)) return { eligible: false, score: 0, reasons: ['left out: a declined request or a block'] };
  const language = mentee.languages.find((code) => mentor.languages.includes(code));
  if (!language) return { eligible: false, score: 0, reasons: ['no language in common'] };

  const reasons: string[] = [];
  let score = 0;

  const mentorTopics = foldedTopics(mentor.topics);
  const shared = mentee.topics.filter((topic) => mentorTopics.has(topic.toLowerCase())).length;
  if (mentee.topics.length) score += (MATCH_WEIGHTS.topics * shared) / mentee.topics.length;
  if (explain && shared) reasons.push(`${shared} shared topic${shared === 1 ? '' : 's'}`);

  if (explain) reasons.push(`speaks ${languageName(language)}`);

  const hours = hoursApart(mentee.timezone, mentor.timezone, at);
  score += MATCH_WEIGHTS.timezone * (1 - Math.min(hours, 12) / 12);
  if (explain) reasons.push(describeHours(hours));

  const week = weekStartUtc(at);
  const overlap = intersectSpans(spansOf(mentee, at, week), spansOf(mentor, at, week));
  const overlapMinutes = overlap.reduce((sum, span) => sum + span.end - span.start, 0);
  score += MATCH_WEIGHTS.availability * (Math.min(overlapMinutes, FULL_OVERLAP_MINUTES) / FULL_OVERLAP_MINUTES);
  if (explain && overlapMinutes >= NAMED_OVERLAP_MINUTES) {
    const longest = overlap.reduce((best, span) => (span.end - span.start > best.end - best.start ? span : best));
    reasons.push(describeSpan(longest, mentee.timezone, at));
  }

  const meeting = canMeet(mentee, mentor);
  if (meeting.compatible) score += MATCH_WEIGHTS.format;
  if (explain && meeting.inPerson && mentor.city) reasons.push(`meets in person in ${mentor.city}`);

  return { eligible: true, score: Math.round(score), reasons };
};

/** The directory's order for a mentee: eligible first, higher score first, then by name and id, so ties never flicker. */
export const compareMatches = (
  a: { match: MatchResult; displayName: string; id: string },
  b: { match: MatchResult; displayName: string; id: string },
) =>
  Number(b.match.eligible) - Number(a.match.eligible) ||
  b.match.score - a.match.score ||
  a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' }) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
