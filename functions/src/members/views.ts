import type { Application, Approval, MemberView, MenteeView, MentorView, OwnProfile } from '@mentoring/shared';
import { openPlaces, type MemberItem, type StoredMemberItem } from './item';

/**
 * The member aggregate's views: what leaves the API of a member item. E-mail addresses appear only in the
 * member's own profile and in applications.
 *
 * Each view is built from the stored item and fills every field the contract requires: items written before
 * a field existed, a draft saved in parts, or a deleted member's stand-in lack some, and an answer that
 * misses one would fail its contract after a write had already committed (an accept would answer 500, and its
 * retry 409).
 */

/** Where a stored photo is served (the media bucket behind /media/* on the app's origin). */
export const photoUrl = (photoKey: string | null | undefined) => (photoKey ? `/media/${photoKey}` : null);

const viewFields = (member: StoredMemberItem) => ({
  id: member.id,
  displayName: member.displayName ?? 'A member',
  photoUrl: photoUrl(member.photoKey),
  headline: member.headline ?? '',
  bio: member.bio ?? '',
  languages: member.languages ?? [],
  country: member.country ?? '',
  timezone: member.timezone ?? 'UTC',
  availability: member.availability ?? [],
  format: member.format ?? 'online',
  topics: member.topics ?? [],
  lastActiveAt: member.lastActiveAt ?? null,
});

export const toMentorView = (member: StoredMemberItem): MentorView => ({
  ...viewFields(member),
  role: 'mentor',
  yearsOfExperience: member.yearsOfExperience ?? 0,
  city: member.city ?? null,
  acceptingRequests: member.acceptingRequests ?? false,
  openPlaces: openPlaces(member),
});

export const toMenteeView = (member: StoredMemberItem): MenteeView => ({ ...viewFields(member), role: 'mentee', goals: member.goals ?? '' });

export const toMemberView = (member: StoredMemberItem): MemberView => (member.role === 'mentor' ? toMentorView(member) : toMenteeView(member));

export const toApproval = (member: StoredMemberItem): Approval => ({
  state: member.approvalState ?? 'draft',
  submittedAt: member.submittedAt ?? null,
  decidedAt: member.decidedAt ?? null,
  note: member.decisionNote ?? null,
});

export const toOwnProfile = (member: MemberItem | undefined, identity: { email: string | null; isCoordinator: boolean }): OwnProfile => ({
  profile: member ? (member.role === 'mentor' ? { ...toMentorView(member), capacity: member.capacity ?? 0 } : toMenteeView(member)) : null,
  approval: member ? toApproval(member) : null,
  email: identity.email ?? member?.email ?? null,
  codeOfConductVersion: member?.codeOfConductVersion ?? null,
  isCoordinator: identity.isCoordinator,
  onboarded: Boolean(member?.submittedAt),
  ...(member?.suspended ? { suspended: true } : {}),
});

export const toApplication = (member: MemberItem): Application => ({
  member: toMemberView(member),
  email: member.email ?? null,
  approval: toApproval(member),
});
