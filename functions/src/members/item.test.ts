import { describe, expect, it } from 'vitest';
import { menteeItem, mentorItem } from '#testing/mentoring';
import { placeUpdate, toParty } from './places-repository';
import { withListing } from './item';
import { isListed } from './item';

describe('the directory listing', () => {
  it.each([
    ['an approved mentor accepting requests with a place left', {}, true],
    ['a pending mentor', { approvalState: 'pending' as const }, false],
    ['a rejected mentor', { approvalState: 'rejected' as const }, false],
    ['a draft', { approvalState: 'draft' as const }, false],
    ['a paused mentor', { acceptingRequests: false }, false],
    ['a suspended mentor', { suspended: true }, false],
    ['a full mentor', { capacity: 2, activeMentees: 2 }, false],
  ])('lists %s: %s', (_, change, listed) => {
    const member = mentorItem({ listed: undefined, ...change });
    expect(isListed(member)).toBe(listed);
    expect('listed' in withListing(member)).toBe(listed);
    // A stale attribute is removed, never kept.
    expect('listed' in withListing({ ...member, listed: 'mentor' })).toBe(listed);
  });

  it('never lists a mentee', () => {
    expect(withListing(menteeItem({ listed: 'mentor' }))).not.toHaveProperty('listed');
  });

  // The place counting once wrote `listed` by a rule of its own, so a rule changed in one place only would list
  // a paused mentor again at the next accept or ending.
  it.each([
    ['an accepting mentor', {}],
    ['a paused mentor', { acceptingRequests: false }],
    ['a suspended mentor', { suspended: true }],
    ['a pending mentor', { approvalState: 'pending' as const }],
  ])('is written by the place counting exactly as by a profile write, for %s', (_, change) => {
    for (const [activeMentees, delta] of [[0, 1], [1, 1], [2, -1], [1, -1]] as const) {
      const item = mentorItem({ capacity: 2, activeMentees, ...change });
      const update = placeUpdate(toParty(item), delta).Update;
      const after = withListing({ ...item, activeMentees: activeMentees + delta });
      expect(update.UpdateExpression.includes('listed = :listed'), `${activeMentees}${delta > 0 ? '+' : ''}${delta}`).toBe('listed' in after);
      expect(update.UpdateExpression.includes('REMOVE listed')).toBe(!('listed' in after));
    }
  });
});
