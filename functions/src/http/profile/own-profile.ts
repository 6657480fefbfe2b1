/**
 * The photo routes answer the member's own profile (ownProfileSchema). This is a minimal reading of the stored
 * member item for them, kept apart so that it can give way to the members repository's own view builder: it
 * assumes the profile's fields are stored under their input names, with the approval in approvalState,
 * submittedAt, decidedAt and decisionNote.
 */
import { COORDINATORS_GROUP, ownProfileSchema, photoUrl, type OwnProfile } from '@mentoring/shared';
import type { Identity } from '../../lib/http/identity';
import type { MemberItem } from '../../lib/repositories/member-photo';

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const strOrNull = (value: unknown) => (typeof value === 'string' ? value : null);
const num = (value: unknown, fallback = 0) => (typeof value === 'number' ? value : fallback);
const list = (value: unknown) => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : []);

export const ownProfileFromItem = (item: MemberItem | undefined, identity: Identity): OwnProfile => {
  const role = item?.role;
  const shared = item && (role === 'mentor' || role === 'mentee')
    ? {
        id: item.id,
        displayName: str(item.displayName, identity.name ?? ''),
        photoUrl: photoUrl(item.photoKey),
        headline: str(item.headline),
        bio: str(item.bio),
        languages: list(item.languages),
        country: str(item.country),
        timezone: str(item.timezone),
        availability: Array.isArray(item.availability) ? item.availability : [],
        format: str(item.format, 'online'),
        topics: list(item.topics),
        lastActiveAt: strOrNull(item.lastActiveAt),
      }
    : null;
  const profile = shared && item
    ? role === 'mentor'
      ? {
          ...shared,
          role,
          yearsOfExperience: num(item.yearsOfExperience),
          city: strOrNull(item.city),
          acceptingRequests: item.acceptingRequests === true,
          capacity: num(item.capacity, 1),
          openPlaces: Math.max(0, num(item.capacity, 1) - num(item.activeMentorships)),
        }
      : { ...shared, role, goals: str(item.goals) }
    : null;
  const approvalState = item?.approvalState;
  const answer = {
    profile,
    approval:
      typeof approvalState === 'string'
        ? { state: approvalState, submittedAt: strOrNull(item?.submittedAt), decidedAt: strOrNull(item?.decidedAt), note: strOrNull(item?.decisionNote) }
        : null,
    email: identity.email,
    codeOfConductVersion: typeof item?.codeOfConductVersion === 'number' ? item.codeOfConductVersion : null,
    isCoordinator: identity.groups.includes(COORDINATORS_GROUP),
    onboarded: typeof item?.submittedAt === 'string',
  };
  return ownProfileSchema.parse(answer);
};
