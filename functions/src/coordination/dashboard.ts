import type { QueryCommandInput, ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  ATTENTION_KINDS,
  DASHBOARD_GROUP_PAST_DAYS,
  type DashboardGroupSession,
  attentionItems,
  countBy,
  funnel,
  MENTORSHIP_STATES,
  ROLES,
  type AttentionKind,
  type DashboardSnapshot,
  type MemberFacts,
  type MentorshipFacts,
  type ReportFacts,
} from '@mentoring/shared';
import { queryAll as queryEvery, scanAll as scanEvery, tableName } from '../lib/dynamo';
import { logger } from '../lib/powertools';
import { LISTING, LISTING_PAST } from '../group-sessions';
import { getProgramme } from '../programme';

/**
 * The dashboard's reads. A coordinator's view needs every member and every mentorship once (the funnel
 * counts them all), so the reads are made as cheap as DynamoDB allows: members from the slim `roster` index
 * (one Query per role) and mentorships by one Query per state on the sparse `byState` index, all at once, each
 * with a projection of just the attributes the rules read, eventually consistent (half the price). Open reports come from the safeguarding table's
 * `byStatus` index; a table or index without them simply counts zero. Group sessions come from the `upcoming` index
 * (those to come, and those over in the last DASHBOARD_GROUP_PAST_DAYS), and, for each that took place, one Query of
 * its partition (its seats and the call's attendance stretches, the few attributes the figures read).
 */

const MEMBER_SEGMENTS = 4;

export interface ReadCost {
  readCapacityUnits: number;
  requests: number;
}

const newCost = (): ReadCost => ({ readCapacityUnits: 0, requests: 0 });

const names = (attributes: readonly string[]) => ({
  ProjectionExpression: attributes.map((attribute) => `#${attribute}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(attributes.map((attribute) => [`#${attribute}`, attribute])),
});

/** Counts what each page of a read cost. */
const counted = (cost: ReadCost) => ({
  onPage: (page: { ConsumedCapacity?: { CapacityUnits?: number } }) => {
    cost.readCapacityUnits += page.ConsumedCapacity?.CapacityUnits ?? 0;
    cost.requests += 1;
  },
});

const scanAll = (input: Omit<ScanCommandInput, 'ExclusiveStartKey'>, cost: ReadCost) => scanEvery({ ...input, ReturnConsumedCapacity: 'TOTAL' }, counted(cost));

const queryAll = (input: Omit<QueryCommandInput, 'ExclusiveStartKey'>, cost: ReadCost) => queryEvery({ ...input, ReturnConsumedCapacity: 'TOTAL' }, counted(cost));

const MEMBER_ATTRIBUTES = ['id', 'role', 'displayName', 'approvalState', 'createdAt', 'submittedAt', 'suspended'] as const;

/**
 * Every member, from the slim `roster` index (role, sign-up time and the few attributes it projects): one Query per
 * role, in parallel. Reading the table itself (a Scan) would cost five times as much, since DynamoDB charges
 * for the whole item read, profile and all, whatever the projection (measured by `npm run bench -- dashboard`).
 */
export const readMemberFacts = async (cost: ReadCost = newCost()) => {
  const byRole = await Promise.all(
    ROLES.map((role) =>
      queryAll(
        {
          TableName: tableName('members'),
          IndexName: 'roster',
          KeyConditionExpression: '#role = :role',
          ExpressionAttributeValues: { ':role': role },
          ...names(MEMBER_ATTRIBUTES),
        },
        cost,
      ),
    ),
  );
  return byRole.flat() as unknown as MemberFacts[];
};

/** The same facts by a parallel Scan of the table: what the dashboard read before the `roster` index (the bench compares). */
export const scanMemberFacts = async (cost: ReadCost = newCost()) => {
  const segments = await Promise.all(
    Array.from({ length: MEMBER_SEGMENTS }, (_, Segment) =>
      scanAll({ TableName: tableName('members'), Segment, TotalSegments: MEMBER_SEGMENTS, ...names(MEMBER_ATTRIBUTES) }, cost),
    ),
  );
  return segments.flat() as unknown as MemberFacts[];
};

const MENTORSHIP_ATTRIBUTES = [
  'id',
  'state',
  'mentorId',
  'menteeId',
  'origin',
  'createdAt',
  'updatedAt',
  'expiresAt',
  'activatedAt',
  'firstSessionAt',
  'lastSessionAt',
  'fitCheck',
] as const;

export const readMentorshipFacts = async (cost: ReadCost = newCost()) => {
  const { ExpressionAttributeNames, ProjectionExpression } = names(MENTORSHIP_ATTRIBUTES);
  const byState = await Promise.all(
    MENTORSHIP_STATES.map((state) =>
      queryAll(
        {
          TableName: tableName('mentorships'),
          IndexName: 'byState',
          KeyConditionExpression: '#state = :state',
          ExpressionAttributeValues: { ':state': state },
          ExpressionAttributeNames,
          ProjectionExpression,
        },
        cost,
      ),
    ),
  );
  return byState.flat() as unknown as MentorshipFacts[];
};

/** Reports still waiting for a coordinator (status `open`, the safeguarding helper's convention). */
export const readOpenReports = async (cost: ReadCost = newCost()): Promise<ReportFacts[]> => {
  const items = await queryAll(
    {
      TableName: tableName('safeguarding'),
      IndexName: 'byStatus',
      KeyConditionExpression: '#status = :open',
      ExpressionAttributeValues: { ':open': 'open' },
      ExpressionAttributeNames: { '#status': 'status', '#pk': 'pk', '#id': 'id', '#createdAt': 'createdAt', '#category': 'category', '#concerns': 'concernsName' },
      ProjectionExpression: '#pk, #id, #createdAt, #category, #concerns',
    },
    cost,
  );
  return items.map((item) => ({
    id: typeof item.id === 'string' ? item.id : String(item.pk).replace(/^REPORT#/, ''),
    createdAt: String(item.createdAt),
    category: typeof item.category === 'string' ? item.category : null,
    concerns: typeof item.concernsName === 'string' ? item.concernsName : null,
  }));
};

const GROUP_ATTRIBUTES = ['id', 'kind', 'title', 'hostId', 'coHostIds', 'speakerIds', 'startsAt', 'durationMinutes', 'state', 'capacity', 'taken', 'waiting'] as const;
const GROUP_READS_AT_ONCE = 4;
const GROUP_PART_ATTRIBUTES = ['sk', 'memberId', 'status', 'rating', 'seconds', 'leftAt'] as const;

type GroupMeta = Pick<DashboardGroupSession, 'id' | 'kind' | 'title' | 'startsAt' | 'durationMinutes' | 'state' | 'capacity' | 'taken' | 'waiting'> & {
  hostId: string;
  coHostIds?: string[];
  speakerIds?: string[];
};
interface GroupPart {
  sk: string;
  memberId?: string;
  status?: string;
  rating?: number;
  seconds?: number | null;
  leftAt?: string | null;
}

const readGroupListing = (listing: string, from: string | undefined, cost: ReadCost) =>
  queryAll(
    {
      TableName: tableName('groupSessions'),
      IndexName: 'upcoming',
      KeyConditionExpression: from ? '#listing = :listing AND #startsAt >= :from' : '#listing = :listing',
      ExpressionAttributeValues: { ':listing': listing, ...(from ? { ':from': from } : {}) },
      ...names([...GROUP_ATTRIBUTES, 'listing']),
      ProjectionExpression: names(GROUP_ATTRIBUTES).ProjectionExpression,
    },
    cost,
  ) as unknown as Promise<GroupMeta[]>;

/** The attendance and ratings of one session that took place: the audience who came and how long, the seats' ratings. */
const groupFigures = (meta: GroupMeta, parts: readonly GroupPart[]) => {
  const onStage = new Set([meta.hostId, ...(meta.coHostIds ?? []), ...(meta.speakerIds ?? [])]);
  const seconds = new Map<string, number>();
  for (const part of parts) {
    if (!part.sk.startsWith('ATTEND#') || !part.memberId || onStage.has(part.memberId)) continue;
    seconds.set(part.memberId, (seconds.get(part.memberId) ?? 0) + (part.leftAt ? Math.max(0, Math.round(part.seconds ?? 0)) : 0));
  }
  const ratings = parts.filter((part) => part.sk.startsWith('SEAT#') && typeof part.rating === 'number').map((part) => part.rating!);
  const stayed = [...seconds.values()];
  return {
    attended: seconds.size,
    averageSeconds: stayed.length ? Math.round(stayed.reduce((sum, each) => sum + each, 0) / stayed.length) : null,
    ratingAverage: ratings.length ? Math.round((ratings.reduce((sum, each) => sum + each, 0) / ratings.length) * 10) / 10 : null,
    ratingCount: ratings.length,
  };
};

/** A row before its host is named (the members' read, in parallel, names them). */
type GroupRow = Omit<DashboardGroupSession, 'hostName'> & { hostId: string };

const namedRow = ({ hostId, ...row }: GroupRow, names: ReadonlyMap<string, string>): DashboardGroupSession => ({ ...row, hostName: names.get(hostId) ?? 'A member' });

/**
 * Group sessions to come (and live) by start, and those over in the last DASHBOARD_GROUP_PAST_DAYS newest first,
 * with the attendance and ratings of those that took place.
 */
export const readGroupSessions = async (now: Date, cost: ReadCost = newCost()) => {
  const since = new Date(now.getTime() - DASHBOARD_GROUP_PAST_DAYS * 86_400_000).toISOString();
  const [open, over] = await Promise.all([readGroupListing(LISTING, undefined, cost), readGroupListing(LISTING_PAST, since, cost)]);
  const row = async (meta: GroupMeta): Promise<GroupRow> => {
    const tookPlace = meta.state === 'live' || meta.state === 'ended';
    const parts = tookPlace
      ? ((await queryAll(
          {
            TableName: tableName('groupSessions'),
            KeyConditionExpression: '#pk = :pk',
            ExpressionAttributeValues: { ':pk': `GROUP#${meta.id}` },
            ...names([...GROUP_PART_ATTRIBUTES, 'pk']),
            ProjectionExpression: names(GROUP_PART_ATTRIBUTES).ProjectionExpression,
          },
          cost,
        )) as unknown as GroupPart[])
      : [];
    return {
      id: meta.id,
      title: meta.title,
      kind: meta.kind,
      hostId: meta.hostId,
      startsAt: meta.startsAt,
      durationMinutes: meta.durationMinutes,
      state: meta.state,
      capacity: meta.capacity,
      taken: meta.taken,
      waiting: meta.waiting,
      ...(tookPlace ? groupFigures(meta, parts) : { attended: null, averageSeconds: null, ratingAverage: null, ratingCount: 0 }),
    };
  };
  // A few partitions at a time: a quarter's sessions all at once would crowd out the members' and mentorships' reads.
  const metas = [...open, ...over];
  const rows: GroupRow[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(GROUP_READS_AT_ONCE, metas.length) }, async () => {
      while (next < metas.length) rows.push(await row(metas[next++]!));
    }),
  );
  const listed = (state: string) => state === 'scheduled' || state === 'live';
  return {
    upcoming: rows.filter((each) => listed(each.state)).sort((a, b) => a.startsAt.localeCompare(b.startsAt)),
    past: rows.filter((each) => !listed(each.state)).sort((a, b) => b.startsAt.localeCompare(a.startsAt)),
  };
};

/** Reads everything and computes the dashboard for `now`. */
export const computeDashboard = async (now: Date): Promise<DashboardSnapshot> => {
  const cost = newCost();
  const started = performance.now();
  const [members, mentorships, openReports, programme, groupRows] = await Promise.all([
    readMemberFacts(cost),
    readMentorshipFacts(cost),
    readOpenReports(cost),
    getProgramme(),
    readGroupSessions(now, cost),
  ]);
  const names = new Map(members.map((member) => [member.id, member.displayName ?? 'A member']));
  const groupSessions = { upcoming: groupRows.upcoming.map((row) => namedRow(row, names)), past: groupRows.past.map((row) => namedRow(row, names)) };
  const attention = attentionItems({
    now,
    requestExpiryDays: programme.requestExpiryDays,
    mentorships,
    names,
    openReports,
    pendingApplications: members.filter((member) => member.approvalState === 'pending'),
  });
  const byKind = countBy(attention, (item) => item.kind);
  const byRole = countBy(members, (member) => member.role);
  logger.info('Dashboard computed', { members: members.length, mentorships: mentorships.length, ...cost, ms: Math.round(performance.now() - started) });
  return {
    generatedAt: now.toISOString(),
    attention,
    attentionCounts: Object.fromEntries(ATTENTION_KINDS.map((kind) => [kind, byKind[kind] ?? 0])) as Record<AttentionKind, number>,
    funnel: funnel(members, mentorships),
    mentorshipsByState: { ...Object.fromEntries(MENTORSHIP_STATES.map((state) => [state, 0])), ...countBy(mentorships, (mentorship) => mentorship.state) },
    membersByRole: { mentor: byRole.mentor ?? 0, mentee: byRole.mentee ?? 0 },
    groupSessions,
    readCapacityUnits: Math.round(cost.readCapacityUnits * 10) / 10,
    computeMs: Math.round(performance.now() - started),
  };
};
