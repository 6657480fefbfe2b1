import { describe, expect, it } from 'vitest';
import { matchesFilter, normaliseSort, sortBy } from './filters';

const channel = { type: 'messaging', cid: 'messaging:m-1', members: ['alice', 'bob'], frozen: false, name: 'Compilers club', last_message_at: '2026-11-24T10:00:00Z' };

describe('Stream query filters on the stand-in', () => {
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
