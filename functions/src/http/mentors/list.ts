import { hoursApart, isLanguageCode, route, scoreMatch, type MatchResult, type MentorCard } from '@mentoring/shared';
import { directoryProgramme, directorySnapshot, excludedMentorIds, fold, type DirectoryEntry } from '../../lib/directory';
import { HttpError } from '../../lib/http/errors';
import { httpHandler } from '../../lib/http/handler';
import { getMember, openPlaces, photoUrl } from '../../lib/repositories/members';

const DEFAULT_LIMIT = 20;

/**
 * Sort keys: a number first (the negated score for a mentee, else the negated last-active time), then the
 * name, then the id, so the order is total and the same on every page. Without a score the directory shows
 * the mentors who were around most recently first: requests that go unanswered are what members of
 * mentoring programmes complain about most, and an active mentor is the likeliest to answer. (By name
 * would send every request to the start of the alphabet.)
 */
type SortKey = [number, string, string];

const collator = new Intl.Collator('en', { sensitivity: 'base' });
const compareKeys = (a: SortKey, b: SortKey) => a[0] - b[0] || collator.compare(a[1], b[1]) || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);

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

const card = (entry: DirectoryEntry, match: MatchResult | null): MentorCard => {
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

/**
 * The mentor directory: filters, text search, the viewer's match score, cursor pages. It reads the
 * viewer's profile (one GetItem) and the container's directory snapshot (functions/src/lib/directory.ts);
 * everything else happens in memory.
 */
export const handler = httpHandler(route('GET /api/mentors'), async ({ query, identity }) => {
  const [programme, viewer] = await Promise.all([directoryProgramme(), identity ? getMember(identity.sub, { consistent: false }) : undefined]);
  if (programme.directoryVisibility === 'members' && !identity) throw new HttpError('unauthenticated', 'Sign in to see the mentors.');

  const badLanguages = (query.languages ?? []).filter((code) => !isLanguageCode(code));
  if (badLanguages.length) throw new HttpError('validation_failed', `Unknown languages: ${badLanguages.join(', ')}. Use ISO 639-1 codes such as en or es.`);
  const known = new Set(programme.topics.map((topic) => topic.toLowerCase()));
  const wantedTopics = (query.topics ?? []).map((topic) => topic.toLowerCase());
  const badTopics = (query.topics ?? []).filter((topic) => !known.has(topic.toLowerCase()));
  if (badTopics.length) throw new HttpError('validation_failed', `Unknown topics: ${badTopics.join(', ')}. Choose topics from the programme's list.`);
  const viewerZone = viewer?.timezone ?? query.timezone;
  if (query.maxHoursApart !== undefined && !viewerZone) {
    throw new HttpError('validation_failed', 'Say which time zone you are in (timezone) to filter by hours apart.');
  }

  const at = new Date();
  const snapshot = await directorySnapshot(at.getTime());
  const languages = new Set(query.languages ?? []);
  const terms = query.q ? fold(query.q).split(/\s+/).filter(Boolean) : [];
  const wantsOnline = query.format === 'online';
  const wantsInPerson = query.format === 'in_person';

  const matching = snapshot.entries.filter(({ member, text }) => {
    if (member.id === viewer?.id) return false;
    if (wantedTopics.length && !member.topics.some((topic) => wantedTopics.includes(topic.toLowerCase()))) return false;
    if (languages.size && !member.languages.some((code) => languages.has(code))) return false;
    if (wantsOnline && member.format === 'in_person') return false;
    if (wantsInPerson && member.format === 'online') return false;
    if (query.maxHoursApart !== undefined && hoursApart(viewerZone!, member.timezone, at) > query.maxHoursApart) return false;
    return terms.every((term) => text.includes(term));
  });

  const scored = viewer?.role === 'mentee';
  let ranked: { entry: DirectoryEntry; match: MatchResult | null; key: SortKey }[];
  if (scored) {
    const excluded = await excludedMentorIds(viewer.id);
    ranked = matching
      .map((entry) => ({ entry, match: scoreMatch(viewer, entry.member, at, excluded) }))
      // A shared language is required, and excluded mentors are left out.
      .filter(({ match }) => match.eligible)
      .map(({ entry, match }) => ({ entry, match, key: [-match.score, entry.member.displayName, entry.member.id] as SortKey }));
  } else {
    ranked = matching.map((entry) => ({ entry, match: null, key: [-entry.lastActive, entry.member.displayName, entry.member.id] as SortKey }));
  }
  ranked.sort((a, b) => compareKeys(a.key, b.key));

  const limit = query.limit ?? DEFAULT_LIMIT;
  let start = 0;
  if (query.cursor) {
    const after = decodeCursor(query.cursor);
    start = ranked.findIndex(({ key }) => compareKeys(key, after) > 0);
    if (start === -1) start = ranked.length;
  }
  const page = ranked.slice(start, start + limit);
  const last = page.at(-1);
  return {
    mentors: page.map(({ entry, match }) => card(entry, match)),
    total: ranked.length,
    nextCursor: last && start + limit < ranked.length ? encodeCursor(last.key) : null,
    scored,
  };
});
