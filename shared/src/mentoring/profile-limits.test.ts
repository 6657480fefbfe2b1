import { describe, expect, it } from 'vitest';
import { mentorProfileInputSchema } from './profile';
import { PROFILE_LIMITS } from './profile-limits';

const mentor = {
  role: 'mentor',
  displayName: 'Grace Hopper',
  headline: '',
  bio: '',
  languages: ['en'],
  country: 'US',
  timezone: 'America/New_York',
  availability: [],
  format: 'online',
  codeOfConductVersion: 1,
  topics: ['Career change'],
  yearsOfExperience: 10,
  capacity: 2,
  acceptingRequests: true,
};

describe('the profile limits', () => {
  it.each(['yearsOfExperience', 'capacity'] as const)('are the bounds the schema enforces on %s, at and past each end', (field) => {
    const { min, max } = PROFILE_LIMITS[field];
    const valid = (value: number) => mentorProfileInputSchema.safeParse({ ...mentor, [field]: value }).success;
    expect([valid(min), valid(max), valid(min - 1), valid(max + 1)]).toEqual([true, true, false, false]);
  });

  it('bound the topics and the texts', () => {
    const valid = (fields: Record<string, unknown>) => mentorProfileInputSchema.safeParse({ ...mentor, ...fields }).success;
    const topics = (count: number) => Array.from({ length: count }, (_, index) => `Topic ${index}`);
    expect([valid({ topics: topics(PROFILE_LIMITS.topics.max) }), valid({ topics: topics(PROFILE_LIMITS.topics.max + 1) })]).toEqual([true, false]);
    const headline = (length: number) => ({ headline: 'x'.repeat(length) });
    expect([valid(headline(PROFILE_LIMITS.text.headline)), valid(headline(PROFILE_LIMITS.text.headline + 1))]).toEqual([true, false]);
  });
});
