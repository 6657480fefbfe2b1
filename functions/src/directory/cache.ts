import type { Programme } from '@mentoring/shared';
import { listDirectory, type MemberItem } from '../members';
import { getProgramme } from '../programme';
import { logger } from '../lib/powertools';
import { emitMetric } from '../lib/metrics';

/**
 * The mentor directory, held in the container's memory.
 *
 * At the planned scale (5,000 mentors among 20,000 members) filtering, text search and scoring cannot be
 * DynamoDB queries: the score depends on the viewer, and topics, languages, time zones and free text would
 * each need their own index and still be combined in code. So each container reads the whole sparse
 * `directory` index (only listed mentors, only the attributes a card needs) at most once per TTL and
 * filters and scores in memory. A container serves many requests, so a page costs one BatchGetItem for
 * the viewer (viewer.ts) plus its share of the refresh (the `directory` bench prints both). A change reaches the
 * directory within the TTL: approval, pausing or a full mentor appear or disappear after at most that long.
 */
export interface DirectoryEntry {
  member: MemberItem;
  // What the filter reads of every entry on every page, copied out of the member: items read from DynamoDB
  // come in many shapes, entries in one, so the loop over thousands of them stays on V8's fast path.
  id: string;
  languages: readonly string[];
  format: MemberItem['format'];
  timezone: string;
  /** Name, headline, bio and topics, folded for search. */
  text: string;
  /** Topics in lower case, for the topic filter. */
  topics: ReadonlySet<string>;
  lastActive: number;
  /** The entry's place by name (then id) in the snapshot: sorting compares numbers, not collated strings. */
  nameRank: number;
}

export interface DirectorySnapshot {
  entries: DirectoryEntry[];
  loadedAt: number;
  /** What the refresh read: capacity units (eventually consistent) and pages of the index. */
  readCapacityUnits: number;
  pages: number;
}

const ttlMs = () => {
  const seconds = Number(process.env.DIRECTORY_CACHE_SECONDS ?? 30);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : 30_000;
};

/** Lower case without accents, so "Jose" finds "José". */
export const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export const nameCollator = new Intl.Collator('en', { sensitivity: 'base' });
export const compareNames = (a: { displayName: string; id: string }, b: { displayName: string; id: string }) =>
  nameCollator.compare(a.displayName, b.displayName) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The snapshot's entries, each with its rank by name computed once per refresh. */
export const toDirectoryEntries = (members: readonly MemberItem[]): DirectoryEntry[] =>
  [...members].sort(compareNames).map((member, nameRank) => ({
    member,
    id: member.id,
    languages: member.languages,
    format: member.format,
    timezone: member.timezone,
    text: fold([member.displayName, member.headline, member.bio, ...member.topics].join('\n')),
    topics: new Set(member.topics.map((topic) => topic.toLowerCase())),
    lastActive: member.lastActiveAt ? Date.parse(member.lastActiveAt) || 0 : 0,
    nameRank,
  }));

let snapshot: DirectorySnapshot | undefined;
let loading: Promise<DirectorySnapshot> | undefined;

const load = async () => {
  const started = performance.now();
  const { items, readCapacityUnits, pages } = await listDirectory();
  const loaded: DirectorySnapshot = { entries: toDirectoryEntries(items), loadedAt: Date.now(), readCapacityUnits, pages };
  logger.info('Directory refreshed', { mentors: items.length, readCapacityUnits, pages, ms: Math.round(performance.now() - started) });
  emitMetric('DirectoryRefreshReadUnits', readCapacityUnits);
  return loaded;
};

/** The listed mentors, read again once the TTL has passed; concurrent callers share one read. */
export const directorySnapshot = async (now = Date.now()): Promise<DirectorySnapshot> => {
  if (snapshot && now - snapshot.loadedAt < ttlMs()) return snapshot;
  loading ??= load()
    .then((loaded) => (snapshot = loaded))
    .finally(() => (loading = undefined));
  return loading;
};

let programme: { value: Programme; loadedAt: number } | undefined;

/** The programme settings for the directory's reads, with the same TTL (edits to profiles read them fresh). */
export const directoryProgramme = async (now = Date.now()) => {
  if (!programme || now - programme.loadedAt >= ttlMs()) programme = { value: await getProgramme(), loadedAt: now };
  return programme.value;
};

/** For tests: forget what the container holds. */
export const resetDirectoryCache = () => {
  snapshot = undefined;
  loading = undefined;
  programme = undefined;
};
