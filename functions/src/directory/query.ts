import { hoursApart, scoreMatch, type DirectoryPage, type MatchResult, type MentorCard, type MenteeForMatching } from '@mentoring/shared';
import { compareNames, fold, type DirectoryEntry } from './cache';
import { HttpError } from '../lib/http/errors';
import { photoUrl, openPlaces } from '../members';

const DEFAULT_LIMIT = 20;

/**
 * Sort keys: a number first (the negated score for a mentee, else the negated last-active time), then the
 * name, then the id, so the order is total and the same on every page. Without a score the directory shows
 * the mentors who were around most recently first: requests that go unanswered are what members of
 * mentoring programmes complain about most, and an active mentor is the likeliest to answer. (By name
 * would send every request to the start of the alphabet.)
 */
type SortKey = [number, string, string];

const compareKeys = (a: SortKey, b: SortKey) => a[0] - b[0] || compareNames({ displayName: a[1], id: a[2] }, { displayName: b[1], id: b[2] });

const encodeCursor = (key: SortKey) => Buffer.from(JSON.stringify(key)).toString('base64url');
const decodeCursor = (cursor: string): SortKey => {
  try {
    const key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (Array.isArray(key) && key.length === 3 && typeof key[0] === 'number' && typeof key[1] === 'string' && typeof key[2] === 'string') return key as SortKey;
  } catch {
    // falls through to the error below
  }
  throw new HttpError('validation_failed', 'The cursor is invalid: start again from the first page.');
};

export const card = (entry: DirectoryEntry, match: MatchResult | null): MentorCard => {
  const mentor = entry.member;
  return {
    id: mentor.id,
    displayName: mentor.displayName,
    photoUrl: photoUrl(mentor.photoKey),
    headline: mentor.headline,
    topics: mentor.topics,
    languages: mentor.languages,
    country: mentor.country,
    timezone: mentor.timezone,
    availability: mentor.availability,
    format: mentor.format,
    yearsOfExperience: mentor.yearsOfExperience ?? 0,
    city: mentor.city ?? null,
    openPlaces: openPlaces(mentor),
    match: match && { score: match.score, reasons: match.reasons },
  };
};

export interface DirectoryRequest {
  /** Folded to lower case by the caller's check against the programme's list. */
  topics?: readonly string[];
  languages?: readonly string[];
  maxHoursApart?: number;
  /** The viewer's time zone (profile or query); required with maxHoursApart. */
  viewerZone?: string;
  format?: 'online' | 'in_person';
  q?: string;
  cursor?: string;
  limit?: number;
  /** The viewer's own id, left out of the list. */
  viewerId?: string;
  /** A signed-in mentee's profile: the page is then sorted by match score. */
  mentee?: MenteeForMatching;
  excluded?: ReadonlySet<string>;
  /** Mentors the viewer must not see at all: a block between them, either way. */
  hidden?: ReadonlySet<string>;
}

/**
 * One page of the directory from the container's snapshot: filters, text search, the mentee's score and
 * the cursor, all in memory (the handler does the reads; the directory bench times this part alone).
 */
export const queryDirectory = (entries: readonly DirectoryEntry[], request: DirectoryRequest, at: Date): DirectoryPage => {
  const wantedTopics = (request.topics ?? []).map((topic) => topic.toLowerCase());
  const languages = new Set(request.languages ?? []);
  const terms = request.q ? fold(request.q).split(/\s+/).filter(Boolean) : [];
  const wantsOnline = request.format === 'online';
  const wantsInPerson = request.format === 'in_person';
  const { maxHoursApart, viewerZone } = request;

  // Hours apart once per zone, not once per mentor: a few hundred zones at most.
  const apart = new Map<string, number>();
  const hoursFromViewer = (zone: string) => {
    let hours = apart.get(zone);
    if (hours === undefined) {
      hours = hoursApart(viewerZone!, zone, at);
      apart.set(zone, hours);
    }
    return hours;
  };

  const matching = entries.filter(({ id, languages: spoken, format, timezone, text, topics }) => {
    if (id === request.viewerId) return false;
    if (request.hidden?.has(id)) return false;
    if (wantedTopics.length && !wantedTopics.some((topic) => topics.has(topic))) return false;
    if (languages.size && !spoken.some((code) => languages.has(code))) return false;
    if (wantsOnline && format === 'in_person') return false;
    if (wantsInPerson && format === 'online') return false;
    if (maxHoursApart !== undefined && hoursFromViewer(timezone) > maxHoursApart) return false;
    return terms.every((term) => text.includes(term));
  });

  let ranked: { entry: DirectoryEntry; match: MatchResult | null; key: SortKey }[];
  if (request.mentee) {
    const mentee = request.mentee;
    ranked = matching
      // Scores only: the reasons are named for the page's cards alone, below.
      .map((entry) => ({ entry, match: scoreMatch(mentee, entry.member, at, request.excluded, { explain: false }) }))
      // A shared language is required, and excluded mentors are left out.
      .filter(({ match }) => match.eligible)
      .map(({ entry, match }) => ({ entry, match, key: [-match.score, entry.member.displayName, entry.member.id] as SortKey }));
  } else {
    ranked = matching.map((entry) => ({ entry, match: null, key: [-entry.lastActive, entry.member.displayName, entry.member.id] as SortKey }));
  }
  // The same order as compareKeys, on numbers only: the name's rank was collated once per refresh.
  ranked.sort((a, b) => a.key[0] - b.key[0] || a.entry.nameRank - b.entry.nameRank);

  const limit = request.limit ?? DEFAULT_LIMIT;
  let start = 0;
  if (request.cursor) {
    const after = decodeCursor(request.cursor);
    start = ranked.findIndex(({ key }) => compareKeys(key, after) > 0);
    if (start === -1) start = ranked.length;
  }
  const page = ranked.slice(start, start + limit);
  const last = page.at(-1);
  return {
    mentors: page.map(({ entry, match }) => card(entry, match && request.mentee ? scoreMatch(request.mentee, entry.member, at, request.excluded) : match)),
    total: ranked.length,
    nextCursor: last && start + limit < ranked.length ? encodeCursor(last.key) : null,
    scored: Boolean(request.mentee),
  };
};
