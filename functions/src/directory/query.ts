import { hoursApart, scoreMatch, type DirectoryPage, type MatchResult, type MentorCard, type MenteeForMatching } from '@mentoring/shared';
import { compareNames, fold, type DirectoryEntry } from './cache';
import { columnsOf, FORMAT_CODE, wantedMask } from './columns';
import { invalid } from '../lib/domain-error';
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
  throw invalid('The cursor is invalid: start again from the first page.');
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

  // The scan reads the columns (columns.ts); an entry's own object only for a text search or when the snapshot
  // has more topics or languages than a mask holds.
  const columns = columnsOf(entries);
  const topicMask = wantedMask(wantedTopics, columns.topicBit);
  const languageMask = wantedMask([...languages], columns.languageBit);
  const skip = new Set<number>();
  for (const id of [request.viewerId, ...(request.hidden ?? [])]) {
    const index = id === undefined ? undefined : columns.indexOf.get(id);
    if (index !== undefined) skip.add(index);
  }
  // Hours apart once per zone, not once per mentor: a few hundred zones at most.
  const apart = new Float64Array(columns.zones.length).fill(Number.NaN);
  const hoursFromViewer = (zone: number) => {
    let hours = apart[zone]!;
    if (Number.isNaN(hours)) {
      hours = hoursApart(viewerZone!, columns.zones[zone]!, at);
      apart[zone] = hours;
    }
    return hours;
  };
  const formatRefused = wantsOnline ? FORMAT_CODE.in_person : wantsInPerson ? FORMAT_CODE.online : -1;

  const matching: DirectoryEntry[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    if (skip.has(index)) continue;
    if (wantedTopics.length) {
      if (topicMask === undefined ? !wantedTopics.some((topic) => entries[index]!.topics.has(topic)) : (columns.topics[index]! & topicMask) === 0) continue;
    }
    if (languages.size) {
      if (languageMask === undefined ? !entries[index]!.languages.some((code) => languages.has(code)) : (columns.languages[index]! & languageMask) === 0) continue;
    }
    if (columns.formats[index] === formatRefused) continue;
    if (maxHoursApart !== undefined && hoursFromViewer(columns.zoneOf[index]!) > maxHoursApart) continue;
    if (terms.length && !terms.every((term) => entries[index]!.text.includes(term))) continue;
    matching.push(entries[index]!);
  }

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
