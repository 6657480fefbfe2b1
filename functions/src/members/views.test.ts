import { describe, expect, it } from 'vitest';
import { applicationSchema, memberViewSchema, ownProfileSchema } from '@mentoring/shared';
import { menteeItem, mentorItem } from '#testing/mentoring';
import { toApplication, toMemberView, toOwnProfile } from './views';

describe('member views', () => {
  it('carry no e-mail address, and the photo as a /media/ URL', () => {
    const view = toMemberView(mentorItem({ photoKey: 'photos/mentor-1.webp' }));
    expect(JSON.stringify(view)).not.toContain('@');
    expect(view.photoUrl).toBe('/media/photos/mentor-1.webp');
  });

  it('give the member their own e-mail address and capacity', () => {
    expect(toOwnProfile(mentorItem(), { email: 'maria@example.org', isCoordinator: false })).toMatchObject({ email: 'maria@example.org', profile: { capacity: 2 } });
  });

  // Stored items that lack what a profile save would write: an older item, a mentorship's stand-in for a deleted member.
  const sparse = { id: 'member-9' };

  it.each([
    ['mentor', { ...sparse, role: 'mentor' as const }],
    ['mentee', { ...sparse, role: 'mentee' as const }],
  ])('of a %s item with only an id and a role still match the contract, with empty values', (_role, item) => {
    const view = toMemberView(item);
    expect(memberViewSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ id: 'member-9', displayName: 'A member', bio: '', languages: [], availability: [], topics: [], photoUrl: null, lastActiveAt: null });
  });

  it('of whole items match the contract of every route that answers them', () => {
    for (const item of [mentorItem(), menteeItem()]) {
      expect(memberViewSchema.safeParse(toMemberView(item)).success).toBe(true);
      expect(applicationSchema.safeParse(toApplication(item)).success).toBe(true);
      expect(ownProfileSchema.safeParse(toOwnProfile(item, { email: null, isCoordinator: false })).success).toBe(true);
    }
  });
});
