/**
 * DynamoDB table definitions: the CDK data stack and the local stage both create tables from these.
 * `envVar` is how a handler learns the table's name in either runtime.
 */
export type AttributeType = 'S' | 'N';

export interface KeyAttribute {
  name: string;
  type: AttributeType;
}

/** A global secondary index; `projection` lists the non-key attributes it carries (all when absent). */
export interface IndexDefinition {
  name: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  projection?: readonly string[];
}

export interface TableDefinition {
  envVar: string;
  partitionKey: KeyAttribute;
  sortKey?: KeyAttribute;
  timeToLiveAttribute?: string;
  globalIndexes?: readonly IndexDefinition[];
}

/** The member attributes the `directory` index carries (besides its keys). */
export const DIRECTORY_ATTRIBUTES = [
  'role',
  'displayName',
  'photoKey',
  'headline',
  'bio',
  'languages',
  'country',
  'timezone',
  'availability',
  'format',
  'topics',
  'yearsOfExperience',
  'city',
  'capacity',
  'activeMentees',
  'acceptingRequests',
  'approvalState',
  'lastActiveAt',
] as const;

/** What the `roster` index carries besides its keys: what the coordinator's dashboard counts, and names. */
export const ROSTER_ATTRIBUTES = ['displayName', 'approvalState', 'submittedAt', 'suspended'] as const;

export const tables = {
  feedback: { envVar: 'FEEDBACK_TABLE', partitionKey: { name: 'id', type: 'S' } },
  /** One marker per Stream webhook delivery (X-Webhook-Id), expiring after a day, so a retry is published once. */
  webhookDeliveries: {
    envVar: 'WEBHOOK_DELIVERIES_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    timeToLiveAttribute: 'expiresAt',
  },
  /**
   * Powertools idempotency records of creates that carry an Idempotency-Key (routes with `idempotent: true`):
   * id = route, caller and key (hashed); the stored answer is replayed to a retry; records expire after a day.
   */
  idempotency: {
    envVar: 'IDEMPOTENCY_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    timeToLiveAttribute: 'expiration',
  },
  /**
   * Calls, their members, status, history and archived artifacts (see functions/src/calls/repository.ts).
   * An artifact's record carries `expiresAt` (epoch seconds): it goes with its file, after the stage's retention.
   */
  calls: { envVar: 'CALLS_TABLE', partitionKey: { name: 'pk', type: 'S' }, sortKey: { name: 'sk', type: 'S' }, timeToLiveAttribute: 'expiresAt' },
  /**
   * One item per member (id = Cognito sub): role, profile, approval. Sparse indexes: `directory` holds the
   * mentors who are listed (approved, accepting, places left), `approvals` the profiles by approval state;
   * `roster` every member by role and sign-up, slim, for the coordinator's dashboard.
   */
  members: {
    envVar: 'MEMBERS_TABLE',
    partitionKey: { name: 'id', type: 'S' },
    globalIndexes: [
      // What a card, the filters and the score read, and never the e-mail address: the directory cache reads
      // this whole index, so every attribute left out is read capacity saved on each refresh.
      {
        name: 'directory',
        partitionKey: { name: 'listed', type: 'S' },
        sortKey: { name: 'id', type: 'S' },
        projection: DIRECTORY_ATTRIBUTES,
      },
      { name: 'approvals', partitionKey: { name: 'approvalState', type: 'S' }, sortKey: { name: 'submittedAt', type: 'S' } },
      // Every member by role and sign-up time, with only what the coordinator's dashboard counts: reading it whole
      // costs a fifth of a Scan of the table, whose items carry whole profiles (npm run bench -- dashboard).
      { name: 'roster', partitionKey: { name: 'role', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' }, projection: ROSTER_ATTRIBUTES },
    ],
  },
  /**
   * Mentorships (pk MENTORSHIP#<id>): the META item with its state and parties, an append-only EVENT#<at>#<seq>
   * log, and guard items that make the rules conditional writes (one live request or mentorship per pair,
   * one match per mentee, open-request counts). Sparse indexes over META items: by mentor, by mentee, by state.
   */
  mentorships: {
    envVar: 'MENTORSHIPS_TABLE',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [
      { name: 'byMentor', partitionKey: { name: 'mentorId', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
      { name: 'byMentee', partitionKey: { name: 'menteeId', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } },
      { name: 'byState', partitionKey: { name: 'state', type: 'S' }, sortKey: { name: 'updatedAt', type: 'S' } },
    ],
  },
  /**
   * Sessions of mentorships. A session's id is its call's id (`m-<mentorshipId>-<suffix>`), so a call's
   * webhook finds its session with one read: pk SESSION#<id>, sk META (plus sk NOTES for its shared notes).
   * BUSY#<memberId> / <quarter-hour start> guard items make overlapping bookings of one member conditional
   * writes; ACTIONS#<mentorshipId> / <itemId> are the mentorship's action items. Sparse indexes over META items.
   */
  sessions: {
    envVar: 'SESSIONS_TABLE',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [
      { name: 'byMentorship', partitionKey: { name: 'mentorshipId', type: 'S' }, sortKey: { name: 'startsAt', type: 'S' } },
      { name: 'byMentor', partitionKey: { name: 'mentorId', type: 'S' }, sortKey: { name: 'startsAt', type: 'S' } },
      { name: 'byMentee', partitionKey: { name: 'menteeId', type: 'S' }, sortKey: { name: 'startsAt', type: 'S' } },
    ],
  },
  /**
   * Safeguarding: reports (pk REPORT#<id>, sk META, and NOTE#<at>#<n> for coordinators' internal notes;
   * index `byStatus` over META items; a pointer REPORTER#<memberId> / <createdAt>#<id> in the same transaction,
   * for the member's data export) and blocks under each member's partition
   * (pk MEMBER#<memberId>, sk BLOCKS#<blockedId>, with the mirror item MEMBER#<blockedId> / BLOCKED_BY#<memberId>
   * written in the same transaction: either side's check is one read, and both directions of a member's blocks
   * are one Query).
   */
  safeguarding: {
    envVar: 'SAFEGUARDING_TABLE',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [{ name: 'byStatus', partitionKey: { name: 'status', type: 'S' }, sortKey: { name: 'createdAt', type: 'S' } }],
  },
  /**
   * In-app notifications (shared/src/notifications.ts): pk the member's id, sk `<createdAt>#<n>` (also the
   * notification's id), so a member's list is one Query newest first. `unreadBy` (the member's id) is set only
   * while unread: the sparse index `unread` counts and finds them without reading the read ones. Each expires
   * (`expiresAt`, epoch seconds) after NOTIFICATION_DAYS.
   */
  notifications: {
    envVar: 'NOTIFICATIONS_TABLE',
    partitionKey: { name: 'memberId', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    timeToLiveAttribute: 'expiresAt',
    globalIndexes: [{ name: 'unread', partitionKey: { name: 'unreadBy', type: 'S' }, sortKey: { name: 'sk', type: 'S' }, projection: ['kind'] }],
  },
  /**
   * Group sessions (docs/domain.md, "Group sessions"): pk GROUP#<id> with sk META (the session, its counters
   * `taken`, `waiting` and `waitCounter`) and SEAT#<memberId> (a member's place: `in`, or `waiting` at `position`).
   * A sign-up or a leave is one transaction of a seat and META's counters. Sparse indexes: `upcoming` over META
   * items by `listing` (`GROUP` while scheduled or live, `GROUP_PAST` once ended or cancelled), by start;
   * `byMember` over seats, by the session's start.
   */
  groupSessions: {
    envVar: 'GROUP_SESSIONS_TABLE',
    partitionKey: { name: 'pk', type: 'S' },
    sortKey: { name: 'sk', type: 'S' },
    globalIndexes: [
      { name: 'upcoming', partitionKey: { name: 'listing', type: 'S' }, sortKey: { name: 'startsAt', type: 'S' } },
      { name: 'byMember', partitionKey: { name: 'memberId', type: 'S' }, sortKey: { name: 'startsAt', type: 'S' } },
    ],
  },
  /** The programme's settings: one item (id = "settings"). */
  programme: { envVar: 'PROGRAMME_TABLE', partitionKey: { name: 'id', type: 'S' } },
} as const satisfies Record<string, TableDefinition>;

export type TableKey = keyof typeof tables;
