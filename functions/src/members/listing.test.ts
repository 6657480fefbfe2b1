import { describe, expect, it } from 'vitest';
import { mentorItem } from '#testing/mentoring';
import { isListed, LISTING_FIELDS, listingCondition, unchangedCondition } from './item';

describe('the listing rule', () => {
  it('reads one list of fields, and its stored condition names exactly those', () => {
    expect([...LISTING_FIELDS].sort()).toEqual(['acceptingRequests', 'activeMentees', 'approvalState', 'capacity', 'role', 'suspended']);
    expect(Object.values(listingCondition().names).sort()).toEqual([...LISTING_FIELDS].sort());
  });

  it('counts an absent number as 0: a mentor with no capacity written has no place', () => {
    expect(isListed(mentorItem({ capacity: undefined, activeMentees: undefined }))).toBe(false);
    expect(isListed(mentorItem({ capacity: 1, activeMentees: undefined }))).toBe(true);
    expect(listingCondition().expression).toContain('(#l_capacity > #l_activeMentees OR (attribute_not_exists(#l_activeMentees) AND #l_capacity > :l_zero))');
  });

  it('holds a change of places to every listing field as read, absent ones absent', () => {
    const read = mentorItem({ capacity: 2, activeMentees: 1, suspended: undefined });
    const { expression, names, values } = unchangedCondition(read);
    expect(expression.split(' AND ').sort()).toEqual(
      [
        '#l_role = :l_was_role',
        '#l_approvalState = :l_was_approvalState',
        '#l_acceptingRequests = :l_was_acceptingRequests',
        'attribute_not_exists(#l_suspended)',
        '#l_capacity = :l_was_capacity',
        '#l_activeMentees = :l_was_activeMentees',
      ].sort(),
    );
    expect(Object.values(names).sort()).toEqual([...LISTING_FIELDS].sort());
    expect(values).toEqual({ ':l_was_role': 'mentor', ':l_was_approvalState': 'approved', ':l_was_acceptingRequests': true, ':l_was_capacity': 2, ':l_was_activeMentees': 1 });
  });
});
