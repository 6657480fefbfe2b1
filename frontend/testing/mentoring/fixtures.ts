/** Answers of the mentoring API as the contract shapes them, for tests at the network boundary. */
import type { Application, DirectoryPage, MentorCardData, MentorView, OwnProfile, OwnProfileData, Programme } from '@/features/mentoring/lib/types';

export const programme = (overrides: Partial<Programme> = {}): Programme => ({
  name: 'Bridge Mentoring',
  menteesNeedApproval: false,
  maxOpenRequestsPerMentee: 3,
  requestExpiryDays: 14,
  mentorshipMonths: 6,
  messageEmailDelayMinutes: 15,
  topics: ['Career change', 'Frontend development', 'Leadership', 'Data science'],
  directoryVisibility: 'members',
  codeOfConduct: 'Be kind. Keep what others tell you in confidence. Report anything that feels wrong.',
  codeOfConductVersion: 2,
  updatedAt: '2026-01-10T09:00:00.000Z',
  ...overrides,
});

export const ownProfile = (overrides: Partial<OwnProfile> = {}): OwnProfile => ({
  profile: null,
  approval: null,
  email: 'ada@example.org',
  codeOfConductVersion: null,
  isCoordinator: false,
  onboarded: false,
  ...overrides,
});

export const menteeProfile = (overrides: Partial<Extract<OwnProfileData, { role: 'mentee' }>> = {}): OwnProfileData => ({
  id: 'member-ada',
  role: 'mentee',
  displayName: 'Ada',
  photoUrl: null,
  headline: 'Career changer, learning React',
  bio: 'I taught maths for ten years.',
  languages: ['en', 'es'],
  country: 'ES',
  timezone: 'Europe/Madrid',
  availability: [{ day: 2, start: '18:00', end: '20:00' }],
  format: 'online',
  topics: ['Career change'],
  lastActiveAt: null,
  goals: 'Land my first developer job.',
  ...overrides,
});

export const mentorProfile = (overrides: Partial<Extract<OwnProfileData, { role: 'mentor' }>> = {}): OwnProfileData => ({
  id: 'member-grace',
  role: 'mentor',
  displayName: 'Grace Hopper',
  photoUrl: null,
  headline: 'Engineering manager',
  bio: 'Twenty years of shipping software.',
  languages: ['en'],
  country: 'US',
  timezone: 'America/New_York',
  availability: [{ day: 4, start: '12:00', end: '13:00' }],
  format: 'online',
  topics: ['Leadership'],
  lastActiveAt: null,
  yearsOfExperience: 20,
  city: null,
  acceptingRequests: true,
  openPlaces: 2,
  capacity: 2,
  ...overrides,
});

export const mentorCard = (id: string, overrides: Partial<MentorCardData> = {}): MentorCardData => ({
  id,
  displayName: `Mentor ${id}`,
  photoUrl: null,
  headline: 'Senior engineer',
  topics: ['Frontend development', 'Leadership'],
  languages: ['en', 'es'],
  country: 'DE',
  timezone: 'Europe/Berlin',
  availability: [{ day: 2, start: '18:00', end: '20:00' }],
  format: 'online',
  yearsOfExperience: 8,
  city: null,
  openPlaces: 1,
  match: null,
  ...overrides,
});

export const directoryPage = (mentors: MentorCardData[], overrides: Partial<DirectoryPage> = {}): DirectoryPage => ({
  mentors,
  total: mentors.length,
  nextCursor: null,
  scored: false,
  ...overrides,
});

export const mentorView = (overrides: Partial<MentorView> = {}): MentorView => ({
  ...mentorCard('m1'),
  role: 'mentor',
  bio: 'I help people move into frontend work.',
  lastActiveAt: null,
  acceptingRequests: true,
  ...overrides,
});

export const application = (id: string, name: string, overrides: Partial<Application> = {}): Application => ({
  member: { ...mentorView({ id, displayName: name }), photoUrl: null },
  email: `${id}@example.org`,
  approval: { state: 'pending', submittedAt: '2026-02-01T10:00:00.000Z', decidedAt: null, note: null },
  ...overrides,
});

export const validationError = (issues: { path: (string | number)[]; message: string }[]) => ({
  error: { code: 'validation_failed', message: 'The request body is invalid.', issues: issues.map((issue) => ({ code: 'custom', ...issue })) },
});
