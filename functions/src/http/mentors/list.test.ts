import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, GetCommand, QueryCommand, type BatchGetCommandInput } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetDirectoryCache } from '../../directory/cache';
import type { MemberItem } from '../../members/item';
import { call, MEMBERS_TABLE, menteeItem, mentorItem, PROGRAMME_TABLE, SAFEGUARDING_TABLE, storedProgramme } from '#testing/mentoring';
import { useTestIdentity } from '#testing/tokens';
import { handler } from './list';

const MENTORSHIPS_TABLE = 'mentorships-test';
process.env.MENTORSHIPS_TABLE = MENTORSHIPS_TABLE;

const dynamo = mockClient(DynamoDBDocumentClient);
mockClient(DynamoDBClient);
const identity = useTestIdentity({ beforeAll, afterAll });
process.env.MENTORSHIPS_TABLE = 'mentorships-test';

const mentors: MemberItem[] = [
  mentorItem({ id: 'm-ana', displayName: 'Ana Álvarez', languages: ['es', 'en'], topics: ['Leadership', 'Career change'], timezone: 'Europe/Madrid', lastActiveAt: '2026-01-03T00:00:00.000Z', bio: 'Engineering manager in Madrid, José’s former lead.' }),
  mentorItem({ id: 'm-bo', displayName: 'Bo Chen', languages: ['zh', 'en'], topics: ['Data science'], timezone: 'Asia/Shanghai', lastActiveAt: '2026-01-09T00:00:00.000Z', format: 'both', city: 'Shanghai', country: 'CN' }),
  mentorItem({ id: 'm-cy', displayName: 'Cy Dupont', languages: ['fr'], topics: ['Leadership'], timezone: 'Europe/Paris', lastActiveAt: '2026-01-07T00:00:00.000Z', format: 'in_person', city: 'Paris', country: 'FR' }),
  mentorItem({ id: 'm-di', displayName: 'Di Evans', languages: ['en'], topics: ['Leadership', 'Security'], timezone: 'America/New_York', lastActiveAt: '2026-01-08T00:00:00.000Z', availability: [{ day: 2, start: '12:00', end: '14:00' }] }),
  mentorItem({ id: 'm-ed', displayName: 'Ed Fox', languages: ['en', 'es'], topics: ['Leadership', 'Career change'], timezone: 'Europe/Madrid', lastActiveAt: '2026-01-01T00:00:00.000Z', email: 'secret@example.org' }),
];

const list = (query?: Record<string, string>, claims?: Record<string, unknown>) =>
  call(handler, { method: 'GET', path: '/api/mentors', query, headers: claims ? identity.bearer(claims) : {} });
const ids = (body: Record<string, unknown>) => (body.mentors as { id: string }[]).map((mentor) => mentor.id);

/** Items the viewer's batched read (profile and block summary) finds, by table. */
let stored: { table: string; item: Record<string, unknown> }[] = [];
const answerBatch = (input: BatchGetCommandInput) => ({
  Responses: Object.fromEntries(
    Object.entries(input.RequestItems!).map(([table, { Keys }]) => [
      table,
      stored.filter((each) => each.table === table && Keys!.some((key) => Object.entries(key).every(([name, value]) => each.item[name] === value))).map((each) => each.item),
    ]),
  ),
});

const viewer = menteeItem({ id: 'mentee-1', languages: ['es'], topics: ['Leadership', 'Career change'], timezone: 'Europe/Madrid', availability: [{ day: 2, start: '18:00', end: '20:00' }] });

describe('GET /api/mentors', () => {
  beforeEach(() => {
    dynamo.reset();
    resetDirectoryCache();
    delete process.env.DIRECTORY_CACHE_SECONDS;
    dynamo.on(QueryCommand).resolves({ Items: mentors, ConsumedCapacity: { TableName: MEMBERS_TABLE, CapacityUnits: 2.5 } });
    dynamo.on(QueryCommand, { TableName: SAFEGUARDING_TABLE }).resolves({ Items: [] });
    dynamo.on(GetCommand, { TableName: PROGRAMME_TABLE }).resolves({ Item: storedProgramme({ directoryVisibility: 'public' }) });
    stored = [{ table: MEMBERS_TABLE, item: viewer as unknown as Record<string, unknown> }];
    dynamo.on(BatchGetCommand).callsFake(answerBatch);
  });
  afterEach(() => vi.useRealTimers());

  it('reads the directory index whole (listed mentors only), asking for the capacity it consumes', async () => {
    await list();
    expect(dynamo.commandCalls(QueryCommand).find((entry) => entry.args[0].input.TableName === MEMBERS_TABLE)!.args[0].input).toMatchObject({
      TableName: MEMBERS_TABLE,
      IndexName: 'directory',
      KeyConditionExpression: 'listed = :listed',
      ExpressionAttributeValues: { ':listed': 'mentor' },
      ReturnConsumedCapacity: 'TOTAL',
    });
  });

  it('shows visitors the mentors most recently active first, unscored, and never an e-mail address', async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(ids(answer.body)).toEqual(['m-bo', 'm-di', 'm-cy', 'm-ana', 'm-ed']);
    expect(answer.body).toMatchObject({ total: 5, scored: false, nextCursor: null });
    expect((answer.body.mentors as { match: unknown }[]).every((card) => card.match === null)).toBe(true);
    expect(JSON.stringify(answer.body)).not.toContain('@example.org');
  });

  it('answers 401 to visitors when the directory is for members only', async () => {
    dynamo.on(GetCommand, { TableName: PROGRAMME_TABLE }).resolves({});
    const answer = await list();
    expect(answer.status).toBe(401);
    expect(answer.body.error!.message).toBe('Sign in to see the mentors.');
    expect((await list(undefined, { sub: 'visitor-member' })).status).toBe(200);
  });

  it('filters by any of the topics, any of the languages, and format', async () => {
    expect(ids((await list({ topics: 'security,data science' })).body).sort()).toEqual(['m-bo', 'm-di']);
    expect(ids((await list({ languages: 'fr,zh' })).body).sort()).toEqual(['m-bo', 'm-cy']);
    expect(ids((await list({ format: 'in_person' })).body).sort()).toEqual(['m-bo', 'm-cy']);
    expect(ids((await list({ format: 'online' })).body)).not.toContain('m-cy');
  });

  it('filters by hours apart from the visitor’s time zone, and needs one to do it', async () => {
    const at = new Date('2026-01-14T12:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    expect(ids((await list({ maxHoursApart: '1', timezone: 'Europe/Berlin' })).body).sort()).toEqual(['m-ana', 'm-cy', 'm-ed']);
    expect(ids((await list({ maxHoursApart: '6', timezone: 'Europe/Berlin' })).body).sort()).toEqual(['m-ana', 'm-cy', 'm-di', 'm-ed']);
    const missing = await list({ maxHoursApart: '3' });
    expect(missing.status).toBe(400);
    expect(missing.body.error!.message).toBe('Say which time zone you are in (timezone) to filter by hours apart.');
  });

  it('searches name, headline, bio and topics, every word, ignoring case and accents', async () => {
    expect(ids((await list({ q: 'alvarez' })).body)).toEqual(['m-ana']);
    expect(ids((await list({ q: 'jose madrid' })).body)).toEqual(['m-ana']);
    expect(ids((await list({ q: 'SECURITY' })).body)).toEqual(['m-di']);
    expect((await list({ q: 'nobody-matches-this' })).body).toMatchObject({ mentors: [], total: 0, nextCursor: null });
  });

  it.each([
    ['an unknown language', { languages: 'en,xx' }, 'Unknown languages: xx. Use ISO 639-1 codes such as en or es.'],
    ['an unknown topic', { topics: 'Astrology' }, "Unknown topics: Astrology. Choose topics from the programme's list."],
    ['an invalid time zone', { timezone: 'Mars/Olympus' }, 'The query is invalid.'],
    ['a search over 100 characters', { q: 'x'.repeat(101) }, 'The query is invalid.'],
    ['a limit over 50', { limit: '51' }, 'The query is invalid.'],
    ['a cursor it did not make', { cursor: 'bm9wZQ' }, 'The cursor is invalid: start again from the first page.'],
  ])('refuses %s with 400', async (_, query, message) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body.error).toMatchObject({ code: 'validation_failed', message });
  });

  it('never shows a signed-in member the mentors they blocked or who blocked them, reading both with their profile in one request', async () => {
    stored.push({ table: SAFEGUARDING_TABLE, item: { pk: 'MEMBER#visitor-member', sk: 'HIDDEN', blocks: new Set(['m-bo']), blockedBy: new Set(['m-cy']) } });
    const answer = await list(undefined, { sub: 'visitor-member' });
    expect(ids(answer.body)).toEqual(['m-di', 'm-ana', 'm-ed']);
    expect(answer.body.total).toBe(3);
    const batches = dynamo.commandCalls(BatchGetCommand).map((entry) => entry.args[0].input.RequestItems);
    expect(batches).toEqual([
      {
        [MEMBERS_TABLE]: { Keys: [{ id: 'visitor-member' }], ConsistentRead: false },
        // The block summary is read strongly consistent: a block hides at once.
        [SAFEGUARDING_TABLE]: { Keys: [{ pk: 'MEMBER#visitor-member', sk: 'HIDDEN' }], ConsistentRead: true },
        [MENTORSHIPS_TABLE]: { Keys: [{ pk: 'MENTEE#visitor-member', sk: 'DECLINED' }], ConsistentRead: false },
      },
    ]);
    expect(dynamo.commandCalls(QueryCommand).filter((entry) => entry.args[0].input.TableName === SAFEGUARDING_TABLE)).toHaveLength(0);
    expect(dynamo.commandCalls(GetCommand).filter((entry) => entry.args[0].input.TableName !== PROGRAMME_TABLE)).toHaveLength(0);
    // Visitors have no blocks: the whole list, with no read of the safeguarding table.
    dynamo.resetHistory();
    expect(ids((await list()).body)).toEqual(['m-bo', 'm-di', 'm-cy', 'm-ana', 'm-ed']);
    expect(dynamo.commandCalls(QueryCommand).filter((entry) => entry.args[0].input.TableName === SAFEGUARDING_TABLE)).toHaveLength(0);
    expect(dynamo.commandCalls(BatchGetCommand)).toHaveLength(0);
  });

  it('sorts a signed-in mentee’s directory by match score with reasons, leaving out mentors without a shared language', async () => {
    const at = new Date('2026-01-13T12:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const answer = await list(undefined, { sub: 'mentee-1' });
    expect(answer.body.scored).toBe(true);
    // Only Ana and Ed speak Spanish; both cover both topics, same zone and evening: a tie, broken by name.
    expect(ids(answer.body)).toEqual(['m-ana', 'm-ed']);
    expect(answer.body.total).toBe(2);
    expect((answer.body.mentors as { match: unknown }[])[0]!.match).toEqual({
      // topics 45, time zones 20, format 10, and two of the three hours that make availability whole
      score: Math.round(75 + (25 * 120) / 180),
      reasons: ['2 shared topics', 'speaks Spanish', 'same time zone', 'free Tuesday evenings'],
    });
  });

  it('leaves out of a mentee\'s directory the mentors whose request or proposal with her was declined, read in the same request as her profile', async () => {
    stored.push({ table: MENTORSHIPS_TABLE, item: { pk: 'MENTEE#mentee-1', sk: 'DECLINED', mentorIds: new Set(['m-ana']) } });
    const answer = await list(undefined, { sub: 'mentee-1' });
    expect(ids(answer.body)).toEqual(['m-ed']);
    expect(dynamo.commandCalls(BatchGetCommand).map((entry) => entry.args[0].input.RequestItems![MENTORSHIPS_TABLE])).toEqual([{ Keys: [{ pk: 'MENTEE#mentee-1', sk: 'DECLINED' }], ConsistentRead: false }]);
    expect(dynamo.commandCalls(QueryCommand).filter((entry) => entry.args[0].input.TableName === MENTORSHIPS_TABLE)).toHaveLength(0);
  });

  it('leaves declines to mentees: a mentor viewing the directory sees every mentor, whatever a DECLINED set under their id holds', async () => {
    stored.push({ table: MEMBERS_TABLE, item: mentorItem({ id: 'mentor-viewer' }) as unknown as Record<string, unknown> });
    stored.push({ table: MENTORSHIPS_TABLE, item: { pk: 'MENTEE#mentor-viewer', sk: 'DECLINED', mentorIds: new Set(['m-ana']) } });
    const answer = await list(undefined, { sub: 'mentor-viewer' });
    expect(answer.body.scored).toBe(false);
    expect(ids(answer.body)).toEqual(['m-bo', 'm-di', 'm-cy', 'm-ana', 'm-ed']);
    expect(dynamo.commandCalls(QueryCommand).filter((entry) => entry.args[0].input.TableName === MENTORSHIPS_TABLE)).toHaveLength(0);
  });

  it('names the reasons of every card on a mentee’s later pages too, with the score the ranking used', async () => {
    const at = new Date('2026-01-13T12:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    const first = await list({ limit: '1' }, { sub: 'mentee-1' });
    const second = await list({ limit: '1', cursor: first.body.nextCursor as string }, { sub: 'mentee-1' });
    expect(ids(second.body)).toEqual(['m-ed']);
    expect((second.body.mentors as { match: unknown }[])[0]!.match).toEqual({
      score: Math.round(75 + (25 * 120) / 180),
      reasons: ['2 shared topics', 'speaks Spanish', 'same time zone', 'free Tuesday evenings'],
    });
  });

  it('pages with a cursor: every mentor once, in order, with the total on each page', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const answer = await list({ limit: '2', ...(cursor ? { cursor } : {}) });
      expect(answer.body.total).toBe(5);
      seen.push(...ids(answer.body));
      cursor = (answer.body.nextCursor as string | null) ?? undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(['m-bo', 'm-di', 'm-cy', 'm-ana', 'm-ed']);
    expect(cursor).toBeUndefined();
  });

  it('reads the index once per container for the cache’s lifetime (30 s), then again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-14T12:00:00Z'));
    await list();
    await list({ q: 'ana' });
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
    vi.setSystemTime(new Date('2026-01-14T12:00:29Z'));
    await list();
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(1);
    vi.setSystemTime(new Date('2026-01-14T12:00:31Z'));
    await list();
    expect(dynamo.commandCalls(QueryCommand)).toHaveLength(2);
  });

  it('follows every page of the index', async () => {
    dynamo.on(QueryCommand).resolvesOnce({ Items: mentors.slice(0, 2), LastEvaluatedKey: { id: 'm-bo', listed: 'mentor' } }).resolvesOnce({ Items: mentors.slice(2) });
    expect((await list()).body.total).toBe(5);
    expect(dynamo.commandCalls(QueryCommand)[1]!.args[0].input.ExclusiveStartKey).toEqual({ id: 'm-bo', listed: 'mentor' });
  });
});
