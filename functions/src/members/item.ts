import type { ApprovalState, AvailabilityWindow, Format, Role } from '@mentoring/shared';

/**
 * The member aggregate's one item type: one item per member in the `members` table (id = Cognito sub) with
 * role, profile, approval and counters. Only this module writes it: the profile, approval and suspension
 * (repository.ts), the photo (photo-repository.ts), and the places taken, the expiry streak and the pause the
 * mentorship transactions ask for (places-repository.ts). Whichever writes, `listed` follows `isListed`
 * below.
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
  /** Set by a coordinator: the member can sign in and read, nothing more, and is never listed. */
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

/**
 * The directory's rule, the one place it lives (docs/domain.md, "Finding a mentor"): a mentor is listed, and may
 * be sent a request, while approved, accepting requests, not suspended, and with a place left. Written as terms
 * on the stored item so that every use is made from them and none restates it: the in-memory check
 * (`isListed`), the condition a transaction checks on the stored item (`listingCondition`), and the fields a
 * change of places must find unchanged (`LISTING_FIELDS`, `unchangedCondition`).
 */
type Field = 'role' | 'approvalState' | 'acceptingRequests' | 'suspended' | 'capacity' | 'activeMentees';
type Term =
  /** The field holds this value. */
  | { field: Field; is: string | boolean }
  /** The field is absent or holds another value. */
  | { field: Field; isNot: string | boolean }
  /** A number greater than another field's (an absent number is 0). */
  | { field: Field; exceeds: Field };

const LISTING_RULE: readonly Term[] = [
  { field: 'role', is: 'mentor' },
  { field: 'approvalState', is: 'approved' },
  { field: 'acceptingRequests', is: true },
  { field: 'suspended', isNot: true },
  { field: 'capacity', exceeds: 'activeMentees' },
];

/** Every field the rule reads: a write that changes one of them recomputes `listed`. */
export const LISTING_FIELDS: readonly Field[] = [...new Set(LISTING_RULE.flatMap((term) => ('exceeds' in term ? [term.field, term.exceeds] : [term.field])))];

/** What the rule reads of a member item. */
export type ListingFacts = Partial<Record<Field, unknown>>;

const count = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

const holds = (term: Term, member: ListingFacts) => {
  if ('is' in term) return member[term.field] === term.is;
  if ('isNot' in term) return member[term.field] !== term.isNot;
  return count(member[term.field]) > count(member[term.exceeds]);
};

/** Whether the mentor belongs in the directory (and may be sent a request). */
export const isListed = (member: ListingFacts) => LISTING_RULE.every((term) => holds(term, member));

/** A condition expression with its own names and values, to be joined with others (its placeholders start `#l_`, `:l_`). */
export interface Condition {
  expression: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
}

const name = (field: Field) => `#l_${field}`;

/** The rule as a DynamoDB condition on the stored item: true exactly when `isListed` of that item is. */
export const listingCondition = (): Condition => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = LISTING_RULE.map((term, index) => {
    names[name(term.field)] = term.field;
    if ('exceeds' in term) {
      names[name(term.exceeds)] = term.exceeds;
      values[':l_zero'] = 0;
      return `(${name(term.field)} > ${name(term.exceeds)} OR (attribute_not_exists(${name(term.exceeds)}) AND ${name(term.field)} > :l_zero))`;
    }
    values[`:l_${index}`] = 'is' in term ? term.is : term.isNot;
    return 'is' in term ? `${name(term.field)} = :l_${index}` : `(attribute_not_exists(${name(term.field)}) OR ${name(term.field)} <> :l_${index})`;
  });
  return { expression: parts.join(' AND '), names, values };
};

/**
 * A condition that the rule's fields (all, or those named) are exactly as `read` had them: a write that
 * recomputes `listed` from a read is refused if any of them changed meanwhile, so it cannot undo a pause,
 * a suspension or a change of capacity.
 */
export const unchangedCondition = (read: ListingFacts, fields: readonly Field[] = LISTING_FIELDS): Condition => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const parts = fields.map((field) => {
    names[name(field)] = field;
    const value = read[field];
    if (value === undefined || value === null) return `attribute_not_exists(${name(field)})`;
    values[`:l_was_${field}`] = value;
    return `${name(field)} = :l_was_${field}`;
  });
  return { expression: parts.join(' AND '), names, values };
};

/** The directory GSI's partition value: present only while `isListed` holds. */
export const LISTED = 'mentor';

export const openPlaces = (member: Pick<Partial<MemberItem>, 'capacity' | 'activeMentees'>) =>
  Math.max(0, (member.capacity ?? 0) - (member.activeMentees ?? 0));

/** The item with `listed` set exactly when it should be: every write goes through this. */
export const withListing = (member: MemberItem): MemberItem => {
  const { listed: _listed, ...rest } = member;
  return isListed(member) ? { ...rest, listed: LISTED } : rest;
};

