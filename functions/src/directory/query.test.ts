import { describe, expect, it } from 'vitest';
import { hoursApart } from '@mentoring/shared';
import { mentorItem } from '#testing/mentoring';
import type { MemberItem } from '../members';
import { fold, toDirectoryEntries } from './cache';
import { columnsOf } from './columns';
import { queryDirectory, type DirectoryRequest } from './query';

// A small deterministic generator, so every run checks the same directory.
let state = 7;
const random = () => {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const some = <T>(list: readonly T[], most: number) => [...new Set(Array.from({ length: 1 + Math.floor(random() * most) }, () => pick(list)))];

const ZONES = ['Europe/Berlin', 'Europe/London', 'America/New_York', 'Asia/Tokyo', 'Australia/Sydney'];
const FORMATS = ['online', 'in_person', 'both'] as const;
const AT = new Date('2026-01-13T12:00:00Z');

const mentors = (count: number, topics: readonly string[], languages: readonly string[]): MemberItem[] =>
  Array.from({ length: count }, (_, index) =>
    mentorItem({
      id: `m-${index}`,
      displayName: `${pick(['Ana', 'Bo', 'Cy', 'Di'])} ${index}`,
      topics: some(topics, 3),
      languages: some(languages, 3),
      timezone: pick(ZONES),
      format: pick(FORMATS),
      headline: pick(['Engineer', 'Designer']),
    }),
  );

/** The filter as the product rules say it, entry by entry: what the columns must agree with. */
const expected = (members: readonly MemberItem[], request: DirectoryRequest) =>
  members
    .filter(
      (mentor) =>
        mentor.id !== request.viewerId &&
        !request.hidden?.has(mentor.id) &&
        (!request.topics?.length || request.topics.some((topic) => mentor.topics.some((own) => own.toLowerCase() === topic.toLowerCase()))) &&
        (!request.languages?.length || request.languages.some((code) => mentor.languages.includes(code))) &&
        !(request.format === 'online' && mentor.format === 'in_person') &&
        !(request.format === 'in_person' && mentor.format === 'online') &&
        (request.maxHoursApart === undefined || hoursApart(request.viewerZone!, mentor.timezone, AT) <= request.maxHoursApart) &&
        (!request.q || fold(request.q).split(/\s+/).every((term) => fold([mentor.displayName, mentor.headline, mentor.bio, ...mentor.topics].join('\n')).includes(term))),
    )
    .map((mentor) => mentor.id)
    .sort();

const requests = (topics: readonly string[], languages: readonly string[]): DirectoryRequest[] => [
  {},
  { topics: [topics[0]!.toUpperCase()] },
  { topics: [topics[1]!, topics.at(-1)!], languages: [languages.at(-1)!] },
  { topics: ['Not a topic'] },
  { languages: [languages[0]!, languages[2]!], format: 'online' },
  { format: 'in_person', maxHoursApart: 2, viewerZone: 'Europe/Berlin' },
  { maxHoursApart: 0, viewerZone: 'Asia/Tokyo', viewerId: 'm-3', hidden: new Set(['m-4', 'm-5', 'someone-else']) },
  { q: 'engineer ana', topics: [topics[2]!] },
];

const ids = (members: readonly MemberItem[], request: DirectoryRequest) =>
  queryDirectory(toDirectoryEntriesOnce(members), { ...request, limit: 50 }, AT);

const snapshots = new Map<readonly MemberItem[], ReturnType<typeof toDirectoryEntries>>();
const toDirectoryEntriesOnce = (members: readonly MemberItem[]) => {
  if (!snapshots.has(members)) snapshots.set(members, toDirectoryEntries(members));
  return snapshots.get(members)!;
};

describe('the directory filter, read from columns', () => {
  it.each([
    ['topics and languages that fit in bit masks', 12, 6],
    ['more topics and languages than a mask holds (it reads the entries instead)', 40, 36],
  ])('finds exactly the mentors the rules allow, with %s', (_, topicCount, languageCount) => {
    const topics = Array.from({ length: topicCount }, (__, index) => `Topic ${index}`);
    const languages = Array.from({ length: languageCount }, (__, index) => `l${index}`);
    const members = mentors(400, topics, languages);
    const columns = columnsOf(toDirectoryEntriesOnce(members));
    expect([columns.topicBit === undefined, columns.languageBit === undefined]).toEqual([topicCount > 32, languageCount > 32]);
    for (const request of requests(topics, languages)) {
      const page = ids(members, request);
      const allowed = expected(members, request);
      expect(page.total, JSON.stringify(request)).toBe(allowed.length);
      expect(page.mentors.every((card) => allowed.includes(card.id)), JSON.stringify(request)).toBe(true);
    }
    // The requests are worth something: some find many, some none.
    expect(requests(topics, languages).map((request) => ids(members, request).total > 0)).toContain(false);
    expect(ids(members, {}).total).toBe(400);
  });
});
