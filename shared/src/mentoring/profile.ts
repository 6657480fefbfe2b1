import * as z from 'zod';
import { personNameSchema } from '../names';
import { isCountryCode, isLanguageCode, isTimeZone } from './reference';
import { FORMATS, MAX_PHOTO_BYTES, PHOTO_TYPES, PROFILE_LIMITS, type ROLES } from './profile-limits';

export { DEFAULT_CAPACITY, FORMATS, MAX_MENTOR_TOPICS, MAX_PHOTO_BYTES, PHOTO_TYPES, PROFILE_LIMITS, ROLES } from './profile-limits';

export type Role = (typeof ROLES)[number];

export type Format = (typeof FORMATS)[number];

/** Where a member's profile stands: a mentor's profile is their application; a mentee's too when the programme says so. */
export const APPROVAL_STATES = ['draft', 'pending', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];

/** Days of the week as ISO 8601 numbers them: 1 is Monday, 7 is Sunday. */
const time = z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$|^24:00$/, 'a time such as 18:30, in steps of 15 minutes');
export const availabilityWindowSchema = z
  .object({ day: z.number().int().min(1).max(7), start: time, end: time })
  .refine((window) => window.start < window.end, { message: 'A window must end after it starts.', path: ['end'] });
export type AvailabilityWindow = z.infer<typeof availabilityWindowSchema>;

/** Weekly windows in the member's own time zone (the profile's `timezone`). */
export const availabilitySchema = z.array(availabilityWindowSchema).max(PROFILE_LIMITS.availabilityWindows.max);

const text = (max: number) => z.string().trim().max(max);

const sharedProfileFields = {
  displayName: personNameSchema(),
  headline: text(PROFILE_LIMITS.text.headline),
  bio: text(PROFILE_LIMITS.text.bio),
  languages: z
    .array(z.string().refine(isLanguageCode, 'an ISO 639-1 language code'))
    .min(PROFILE_LIMITS.languages.min, 'Choose at least one language.')
    .max(PROFILE_LIMITS.languages.max)
    .refine((list) => new Set(list).size === list.length, 'Each language once.'),
  country: z.string().refine(isCountryCode, 'an ISO 3166-1 country code such as DE'),
  timezone: z.string().refine(isTimeZone, 'an IANA time zone such as Europe/Berlin'),
  availability: availabilitySchema,
  format: z.enum(FORMATS),
  /** Which version of the programme's code of conduct the member accepted; it must be the current one. */
  codeOfConductVersion: z.number().int().min(1),
};

/** Topics must come from the programme's list; the handler checks that, since the list lives in the database. */
const topics = z.array(text(PROFILE_LIMITS.text.topic).min(1)).min(PROFILE_LIMITS.topics.min, 'Choose at least one topic.').max(PROFILE_LIMITS.topics.max);

export const menteeProfileInputSchema = z.object({
  role: z.literal('mentee'),
  ...sharedProfileFields,
  topics,
  goals: text(PROFILE_LIMITS.text.goals).min(1, 'Say what you hope to get from a mentorship.'),
});

export const mentorProfileInputSchema = z
  .object({
    role: z.literal('mentor'),
    ...sharedProfileFields,
    topics,
    yearsOfExperience: z.number().int().min(PROFILE_LIMITS.yearsOfExperience.min).max(PROFILE_LIMITS.yearsOfExperience.max),
    capacity: z.number().int().min(PROFILE_LIMITS.capacity.min).max(PROFILE_LIMITS.capacity.max),
    acceptingRequests: z.boolean(),
    city: text(PROFILE_LIMITS.text.city).optional(),
  })
  .refine((profile) => profile.format === 'online' || Boolean(profile.city), {
    message: 'Say which city you can meet in.',
    path: ['city'],
  });

/** PUT /api/profile/me: the whole profile. The role is chosen once, at onboarding. */
export const profileInputSchema = z.discriminatedUnion('role', [menteeProfileInputSchema, mentorProfileInputSchema]);
export type ProfileInput = z.infer<typeof profileInputSchema>;

const approvalSchema = z.object({
  state: z.enum(APPROVAL_STATES),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The coordinator's note with the decision, shown to the member. */
  note: z.string().nullable(),
});
export type Approval = z.infer<typeof approvalSchema>;

const viewFields = {
  id: z.string(),
  displayName: z.string(),
  /** A resized photo, or null. */
  photoUrl: z.string().nullable(),
  headline: z.string(),
  bio: z.string(),
  languages: z.array(z.string()),
  country: z.string(),
  timezone: z.string(),
  availability: availabilitySchema,
  format: z.enum(FORMATS),
  topics: z.array(z.string()),
  lastActiveAt: z.string().nullable(),
};

/** What a member sees of a mentor (the directory card adds the match). */
export const mentorViewSchema = z.object({
  ...viewFields,
  role: z.literal('mentor'),
  yearsOfExperience: z.number(),
  city: z.string().nullable(),
  acceptingRequests: z.boolean(),
  /** Places left: capacity minus active mentorships. */
  openPlaces: z.number(),
});
export type MentorView = z.infer<typeof mentorViewSchema>;

/** What a mentor they requested or are matched with, or a coordinator, sees of a mentee. */
export const menteeViewSchema = z.object({ ...viewFields, role: z.literal('mentee'), goals: z.string() });
export type MenteeView = z.infer<typeof menteeViewSchema>;

export const memberViewSchema = z.discriminatedUnion('role', [mentorViewSchema, menteeViewSchema]);
export type MemberView = z.infer<typeof memberViewSchema>;

/** The member's own profile: everything they entered, their application's state, and what only they see. */
export const ownProfileSchema = z.object({
  profile: z
    .discriminatedUnion('role', [
      mentorViewSchema.extend({ capacity: z.number() }),
      menteeViewSchema,
    ])
    .nullable(),
  approval: approvalSchema.nullable(),
  email: z.string().nullable(),
  codeOfConductVersion: z.number().nullable(),
  isCoordinator: z.boolean(),
  /** True once the profile is submitted (onboarding done); the SPA sends members to /onboarding until then. */
  onboarded: z.boolean(),
  /** Suspended by a coordinator: they can read, nothing more; absent means not. */
  suspended: z.boolean().optional(),
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** The match of a mentor for the signed-in mentee: a score and the reasons, as the card shows them. */
export const matchSchema = z.object({ score: z.number(), reasons: z.array(z.string()) });
export type Match = z.infer<typeof matchSchema>;

export const mentorCardSchema = mentorViewSchema
  .pick({ id: true, displayName: true, photoUrl: true, headline: true, topics: true, languages: true, country: true, timezone: true, availability: true, format: true, yearsOfExperience: true, city: true, openPlaces: true })
  .extend({ match: matchSchema.nullable() });
export type MentorCard = z.infer<typeof mentorCardSchema>;

const list = z
  .string()
  .max(1000)
  .transform((value) => value.split(',').map((entry) => entry.trim()).filter(Boolean));

/** GET /api/mentors: the directory's filters; lists are comma-separated in the query string. */
export const directoryQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  topics: list.optional(),
  languages: list.optional(),
  /** Largest time-zone difference from the viewer (or from `timezone`), in hours. */
  maxHoursApart: z.coerce.number().int().min(0).max(14).optional(),
  /** The viewer's time zone, for visitors; a signed-in member's comes from their profile. */
  timezone: z.string().refine(isTimeZone, 'an IANA time zone').optional(),
  format: z.enum(['online', 'in_person']).optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(50).optional(),
});
export type DirectoryQuery = z.input<typeof directoryQuerySchema>;

export const directoryPageSchema = z.object({
  mentors: z.array(mentorCardSchema),
  total: z.number(),
  nextCursor: z.string().nullable(),
  /** Whether the cards are sorted by the viewer's match score (a signed-in mentee with a profile). */
  scored: z.boolean(),
});
export type DirectoryPage = z.infer<typeof directoryPageSchema>;

/** A member's application as the coordinator reviews it. */
export const applicationSchema = z.object({
  member: memberViewSchema,
  email: z.string().nullable(),
  approval: approvalSchema,
});
export type Application = z.infer<typeof applicationSchema>;

export const applicationDecisionSchema = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('approved'), note: text(2000).optional() }),
  z.object({ decision: z.literal('rejected'), note: text(2000).min(1, 'Tell the applicant why.') }),
]);

export const photoUploadRequestSchema = z.object({ contentType: z.enum(PHOTO_TYPES), size: z.number().int().min(1).max(MAX_PHOTO_BYTES) });
/** A presigned POST: the browser sends `fields` and the file to `url`; S3 refuses another type or size. */
export const photoUploadSchema = z.object({ url: z.string(), fields: z.record(z.string(), z.string()), key: z.string(), expiresAt: z.string() });
