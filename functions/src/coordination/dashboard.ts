import type { QueryCommandInput, ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import {
  ATTENTION_KINDS,
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
import { getProgramme } from '../programme';

/**
 * The dashboard's reads. A coordinator's view needs every member and every mentorship once (the funnel
 * counts them all), so the reads are made as cheap as DynamoDB allows: members from the slim `roster` index
 * (one Query per role) and mentorships by one Query per state on the sparse `byState` index, all at once, each
 * with a projection of just the attributes the rules read, eventually consistent (half the price). Open reports come from the safeguarding table's
 * `byStatus` index; a table or index without them simply counts zero.
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

/** Reads everything and computes the dashboard for `now`. */
export const computeDashboard = async (now: Date): Promise<DashboardSnapshot> => {
  const cost = newCost();
  const started = performance.now();
  const [members, mentorships, openReports, programme] = await Promise.all([
    readMemberFacts(cost),
    readMentorshipFacts(cost),
    readOpenReports(cost),
    getProgramme(),
  ]);
  const names = new Map(members.map((member) => [member.id, member.displayName ?? 'A member']));
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
    readCapacityUnits: Math.round(cost.readCapacityUnits * 10) / 10,
    computeMs: Math.round(performance.now() - started),
  };
};
