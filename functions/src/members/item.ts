import type { ApprovalState, AvailabilityWindow, Format, Role } from '@mentoring/shared';

/**
 * The member aggregate's one item type: one item per member in the `members` table (id = Cognito sub) with
 * role, profile, approval and counters. The members repository writes the profile, approval and photo; the
 * mentorship transactions write the places taken and the expiry streak. Whichever writes, `listed` follows
 * `isListed` below.
 */
export interface MemberItem {
  id: string;
  /** The account's e-mail address when last written: for coordinators and notifications only. */
  email: string | null;
  role: Role;
  displayName: string;
  headline: string;
  bio: string;
  languages: string[];
  country: string;
  timezone: string;
  availability: AvailabilityWindow[];
  format: Format;
  topics: string[];
  /** Mentee: what they hope for. */
  goals?: string;
  /** Mentor. */
  yearsOfExperience?: number;
  capacity?: number;
  acceptingRequests?: boolean;
  city?: string | null;
  /** Mentor: places taken, i.e. mentorships now active (kept by the mentorship transactions, `placeUpdate`). */
  activeMentees?: number;
  /** Mentor: requests that expired unanswered since their last answer; two in a row pause them. */
  expiredInARow?: number;
  /** Mentor: when they were last paused for letting requests expire. */
  pausedAt?: string;
  /** Written by the photo handlers through `setPhoto`; the key of the resized image in the media bucket. */
  photoKey?: string | null;
  codeOfConductVersion: number;
  approvalState: ApprovalState;
  /** Absent until the first submission (so drafts stay out of the `approvals` index). */
  submittedAt?: string;
  decidedAt?: string | null;
  decisionNote?: string | null;
  decidedBy?: string | null;
  /** Present ("mentor") only while the mentor is listed in the directory. */
  listed?: typeof LISTED;
  lastActiveAt?: string | null;
  /** Set by a coordinator (issue 17): the member can sign in and read, nothing more, and is never listed. */
  suspended?: boolean;
  suspendedAt?: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

/**
 * A member item as read back, for readers that must cope with items written before a field existed (or a
 * stand-in for a deleted member): the same type, with every attribute but the id possibly absent.
 */
export type StoredMemberItem = Partial<MemberItem> & Pick<MemberItem, 'id'>;

/** The directory GSI's partition value: present only while `isListed` holds. */
export const LISTED = 'mentor';

export const openPlaces = (member: Pick<Partial<MemberItem>, 'capacity' | 'activeMentees'>) =>
  Math.max(0, (member.capacity ?? 0) - (member.activeMentees ?? 0));

type ListingFacts = Pick<Partial<MemberItem>, 'role' | 'approvalState' | 'acceptingRequests' | 'suspended' | 'capacity' | 'activeMentees'>;

/**
 * Whether the mentor belongs in the directory: approved, accepting requests, not suspended, and a place
 * left. The one rule: the profile writes (`withListing`) and the place counting (`placeUpdate`) both use it.
 */
export const isListed = (member: ListingFacts) =>
  member.role === 'mentor' && member.approvalState === 'approved' && member.acceptingRequests === true && member.suspended !== true && openPlaces(member) > 0;

/** The item with `listed` set exactly when it should be: every write goes through this. */
export const withListing = (member: MemberItem): MemberItem => {
  const { listed: _listed, ...rest } = member;
  return isListed(member) ? { ...rest, listed: LISTED } : rest;
};

