/**
 * The profile's fixed values and bounds, without zod: the schemas in profile.ts are built from them, and the SPA's
 * form (`@mentoring/shared/mentoring`) checks a draft against the same numbers before asking the server.
 */
export const ROLES = ['mentee', 'mentor'] as const;
export const FORMATS = ['online', 'in_person', 'both'] as const;

export const MAX_MENTOR_TOPICS = 10;
export const DEFAULT_CAPACITY = 2;

/** Inclusive bounds of the profile's numbers, and the longest each text may be (after trimming). */
export const PROFILE_LIMITS = {
  yearsOfExperience: { min: 0, max: 70 },
  capacity: { min: 1, max: 10 },
  languages: { min: 1, max: 10 },
  topics: { min: 1, max: MAX_MENTOR_TOPICS },
  availabilityWindows: { max: 28 },
  text: { headline: 120, bio: 2000, goals: 2000, city: 80, topic: 60 },
} as const;

/** POST /api/profile/me/photo: what the browser says of the file before it is allowed to upload it. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024;
