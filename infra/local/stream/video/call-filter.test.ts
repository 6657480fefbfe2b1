import { describe, expect, it } from 'vitest';
import { matchesFilter } from './call-filter';

const call = { id: 'c1', type: 'default', created_at: '2026-01-02T00:00:00.000Z', members: ['ada', 'grace'], ongoing: false, 'custom.mentorshipId': 'm-1' };

describe('matchesFilter', () => {
  it('matches implicit equality, $eq, $ne and custom fields', () => {
    expect(matchesFilter(call, { type: 'default', 'custom.mentorshipId': 'm-1' })).toBe(true);
    expect(matchesFilter(call, { type: { $eq: 'livestream' } })).toBe(false);
    expect(matchesFilter(call, { id: { $ne: 'c2' } })).toBe(true);
  });

  it('matches an array field when any element matches', () => {
    expect(matchesFilter(call, { members: { $in: ['grace', 'linus'] } })).toBe(true);
    expect(matchesFilter(call, { members: { $in: ['linus'] } })).toBe(false);
  });

  it('compares timestamps and combines with $and and $or', () => {
    expect(matchesFilter(call, { created_at: { $gte: '2026-01-01T00:00:00.000Z', $lt: '2026-01-03T00:00:00.000Z' } })).toBe(true);
    expect(matchesFilter(call, { $or: [{ ongoing: true }, { created_at: { $gt: '2026-01-05T00:00:00.000Z' } }] })).toBe(false);
    expect(matchesFilter(call, { $and: [{ ongoing: false }, { members: 'ada' }] })).toBe(true);
    expect(matchesFilter(call, { ended_at: { $exists: false } })).toBe(true);
  });

  it('refuses an operator it does not know, as a bad request', () => {
    expect(() => matchesFilter(call, { id: { $regex: 'c' } })).toThrow(expect.objectContaining({ status: 400 }));
  });
});
