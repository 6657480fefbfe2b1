/**
 * The mentoring contract's shapes as the SPA sees them: types only, derived from the route table, so no
 * zod reaches the browser. The constants the forms need come from shared's zod-free module, the one the
 * schemas are built from.
 */
import type { ApiAnswer, ApiBody, ApiQuery } from '@mentoring/shared/routes';

export type OwnProfile = ApiAnswer<'GET /api/profile/me'>;
export type OwnProfileData = NonNullable<OwnProfile['profile']>;
export type Approval = NonNullable<OwnProfile['approval']>;
export type ApprovalState = Approval['state'];
export type Programme = ApiAnswer<'GET /api/programme'>;
export type ProgrammeSettings = ApiBody<'PUT /api/programme'>;
export type ProfileInput = ApiBody<'PUT /api/profile/me'>;
export type MentorProfileInput = Extract<ProfileInput, { role: 'mentor' }>;
export type MenteeProfileInput = Extract<ProfileInput, { role: 'mentee' }>;
export type Role = ProfileInput['role'];
export type Format = ProfileInput['format'];
export type AvailabilityWindow = ProfileInput['availability'][number];
export type DirectoryPage = ApiAnswer<'GET /api/mentors'>;
export type DirectoryQuery = NonNullable<ApiQuery<'GET /api/mentors'>>;
export type MentorCardData = DirectoryPage['mentors'][number];
export type MentorView = ApiAnswer<'GET /api/mentors/{id}'>;
export type Application = ApiAnswer<'GET /api/coordinator/applications'>['applications'][number];
export type DecisionBody = ApiBody<'POST /api/coordinator/applications/{id}/decision'>;

export { DEFAULT_CAPACITY, FORMATS, MAX_MENTOR_TOPICS, MAX_PHOTO_BYTES, PHOTO_TYPES, PROFILE_LIMITS, ROLES } from '@mentoring/shared/mentoring';
