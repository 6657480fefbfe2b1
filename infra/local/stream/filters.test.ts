import { describe, expect, it } from 'vitest';
import { compareValues, matchesFilter, normaliseSort, sortBy } from './filters';

/** Chat's view of a channel (queryChannels) and video's view of a call (queryCalls): one engine filters both. */
const channel = { type: 'messaging', cid: 'messaging:m-1', members: ['alice', 'bob'], frozen: false, name: 'Compilers club', last_message_at: '2026-11-24T10:00:00Z' };

const call = { id: 'c1', type: 'default', created_at: '2026-01-02T00:00:00.000Z', members: ['ada', 'grace'], ongoing: false, 'custom.mentorshipId': 'm-1', session_participants: 2 };

describe('Stream query filters on the stand-in: chat', () => {
  it('matches the SPA’s channel list filter: a type and the member among the members', () => {
    expect(matchesFilter(channel, { type: 'messaging', members: { $in: ['alice'] } })).toBe(true);
    expect(matchesFilter(channel, { type: 'messaging', members: { $in: ['mallory'] } })).toBe(false);
    expect(matchesFilter(channel, { members: { $eq: ['bob', 'alice'] } })).toBe(true);
    expect(matchesFilter(channel, { members: { $eq: ['alice'] } })).toBe(false);
  });

  it('matches by word prefix for $autocomplete, and combines with $or, $and, $nor, $ne, $exists, ranges', () => {
    expect(matchesFilter(channel, { name: { $autocomplete: 'comp' } })).toBe(true);
    expect(matchesFilter(channel, { name: { $autocomplete: 'club com' } })).toBe(true);
    expect(matchesFilter(channel, { name: { $autocomplete: 'lub' } })).toBe(false);
    expect(matchesFilter(channel, { $or: [{ name: { $autocomplete: 'x' } }, { cid: 'messaging:m-1' }] })).toBe(true);
    expect(matchesFilter(channel, { $and: [{ frozen: false }, { frozen: { $ne: true } }] })).toBe(true);
    expect(matchesFilter(channel, { $nor: [{ frozen: false }] })).toBe(false);
    expect(matchesFilter(channel, { hidden: { $exists: false }, last_message_at: { $gt: '2026-11-01T00:00:00Z', $lte: '2026-11-24T10:00:00Z' } })).toBe(true);
  });

  it('says which operator it does not know instead of matching nothing', () => {
    expect(() => matchesFilter(channel, { name: { $regex: 'c.*' } })).toThrow('$regex');
  });

  it('sorts by the given fields, newest first for direction -1, missing values last', () => {
    const items = [{ at: '2' }, { at: undefined }, { at: '3' }, { at: '1' }];
    expect(sortBy(items, normaliseSort({ at: -1 }), (item, field) => item[field as 'at']).map((item) => item.at)).toEqual(['3', '2', '1', undefined]);
    expect(normaliseSort([{ field: 'last_message_at', direction: -1 }])).toEqual([{ field: 'last_message_at', direction: -1 }]);
  });
});

describe('Stream query filters on the stand-in: video', () => {
  it('matches implicit equality, $eq, $ne and custom fields', () => {
    expect(matchesFilter(call, { type: 'default', 'custom.mentorshipId': 'm-1' })).toBe(true);
    expect(matchesFilter(call, { type: { $eq: 'livestream' } })).toBe(false);
    expect(matchesFilter(call, { id: { $ne: 'c2' } })).toBe(true);
  });

  it('matches an array field when any element matches, and $ne and $nin only when none does', () => {
    expect(matchesFilter(call, { members: { $in: ['grace', 'linus'] } })).toBe(true);
    expect(matchesFilter(call, { members: { $in: ['linus'] } })).toBe(false);
    expect(matchesFilter(call, { members: { $ne: 'ada' } })).toBe(false);
    expect(matchesFilter(call, { members: { $nin: ['grace', 'linus'] } })).toBe(false);
    expect(matchesFilter(call, { members: { $nin: ['linus'] } })).toBe(true);
  });

  it('compares timestamps and combines with $and and $or', () => {
    expect(matchesFilter(call, { created_at: { $gte: '2026-01-01T00:00:00.000Z', $lt: '2026-01-03T00:00:00.000Z' } })).toBe(true);
    expect(matchesFilter(call, { $or: [{ ongoing: true }, { created_at: { $gt: '2026-01-05T00:00:00.000Z' } }] })).toBe(false);
    expect(matchesFilter(call, { $and: [{ ongoing: false }, { members: 'ada' }] })).toBe(true);
    expect(matchesFilter(call, { ended_at: { $exists: false } })).toBe(true);
  });

  it('refuses an operator it does not know, as a bad request', () => {
    expect(() => matchesFilter(call, { id: { $regex: 'c' } })).toThrow(expect.objectContaining({ status: 400, code: 4 }));
  });
});

describe('Stream query filters on the stand-in: comparing values', () => {
  it('compares numbers as numbers, not as their digits', () => {
    expect(matchesFilter(call, { session_participants: { $gt: 10 } })).toBe(false);
    expect(matchesFilter(call, { session_participants: { $lt: 10 } })).toBe(true);
    expect(matchesFilter({ member_count: 10 }, { member_count: { $gt: 9 } })).toBe(true);
    expect(sortBy([{ n: 10 }, { n: 9 }, { n: 100 }], [{ field: 'n', direction: 1 }], (item) => item.n).map((item) => item.n)).toEqual([9, 10, 100]);
  });

  it('compares dates by the instant they name, whatever their precision or offset', () => {
    expect(matchesFilter(channel, { last_message_at: { $gte: '2026-11-24T10:00:00.000Z', $lte: '2026-11-24T10:00:00.000Z' } })).toBe(true);
    expect(matchesFilter(channel, { last_message_at: { $gt: '2026-11-24T10:30:00+01:00' } })).toBe(true);
    expect(matchesFilter(channel, { last_message_at: '2026-11-24T11:00:00+01:00' })).toBe(true);
    expect(matchesFilter(call, { created_at: { $in: ['2026-01-02T00:00:00Z'] } })).toBe(true);
    expect(compareValues('2026-11-24T09:59:59.999Z', '2026-11-24T10:00:00Z')).toBeLessThan(0);
  });

  it('compares other strings as strings, and never a number with a string', () => {
    expect(matchesFilter(channel, { name: { $gt: 'Ada', $lt: 'Zed' } })).toBe(true);
    expect(matchesFilter({ member_count: 10 }, { member_count: { $gt: '9' } })).toBe(false);
    expect(matchesFilter({ rank: '10' }, { rank: { $gt: 9 } })).toBe(false);
  });

  it('matches no range on a missing field', () => {
    expect(matchesFilter(call, { ended_at: { $lt: '2030-01-01T00:00:00Z' } })).toBe(false);
  });
});
