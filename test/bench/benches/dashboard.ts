import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cpus, loadavg } from 'node:os';
import { COORDINATORS_GROUP, DASHBOARD_REFRESH_MINUTES, schedules, DASHBOARD_SNAPSHOT_KEY, DEFAULT_TOPICS, MENTORSHIP_STATES, type Dashboard } from '@mentoring/shared';
import type * as DashboardData from '../../../functions/src/coordination/dashboard';
import { cognitoClient, createTestUser, signIn } from '../../support/auth';
import type { Bench } from '../run';
import { percentile, round } from '../stats';

const MEMBERS = 20_000;
const MENTORS = 5_000;
const MENTORSHIPS = 5_000;
/** Group sessions: a busy programme's quarter (two held a day with 40 places, and those to come). */
const GROUP_HELD = 180;
const GROUP_UPCOMING = 40;
const GROUP_SEATS = 40;
/** Loads of the dashboard through the API, from the stored snapshot, one at a time (a coordinator opens it once). */
const HTTP_LOADS = 30;
const HTTP_CONCURRENCY = 1;
const IN_PROCESS_LOADS = 5;
const BUDGETS = { httpP95Ms: 500 } as const;
const DAY = 86_400_000;

let seed = 17;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const iso = (msAgo: number) => new Date(Date.now() - msAgo).toISOString();
const BIO = 'I have worked as a developer and a team lead for years and enjoy helping people find their way into the field, ';

/** Members as the profile routes store them (bio, topics, availability: realistic item sizes, which is what reads cost). */
const member = (index: number) => {
  const role = index < MENTORS ? 'mentor' : 'mentee';
  const created = Math.floor(random() * 365 * DAY);
  const state = random() < 0.05 ? 'pending' : random() < 0.05 ? 'draft' : 'approved';
  return {
    id: `bench-${role}-${index}`,
    email: `bench-${index}@example.org`,
    role,
    displayName: `Member ${index}`,
    headline: 'Senior engineer at a mid-sized company',
    bio: BIO + pick(DEFAULT_TOPICS).toLowerCase(),
    languages: ['en', pick(['es', 'de', 'fr', 'pt'])],
    country: 'DE',
    timezone: 'Europe/Berlin',
    availability: [{ day: 1 + Math.floor(random() * 7), start: '18:00', end: '20:00' }],
    format: 'online',
    topics: [pick(DEFAULT_TOPICS), pick(DEFAULT_TOPICS)],
    codeOfConductVersion: 1,
    approvalState: state,
    ...(state === 'draft' ? {} : { submittedAt: iso(created - DAY) }),
    ...(role === 'mentor' ? { capacity: 2, activeMentees: 0, acceptingRequests: true, yearsOfExperience: 10 } : { goals: 'Grow into my next role.' }),
    createdAt: iso(created),
    updatedAt: iso(created - DAY),
    lastActiveAt: iso(created - DAY),
    version: 2,
  };
};

const mentorship = (index: number) => {
  const state = pick(['ACTIVE', 'ACTIVE', 'COMPLETED', 'REQUESTED', 'DECLINED', 'EXPIRED', 'ENDED', 'WITHDRAWN', 'INVALIDATED', 'SUSPENDED'] as const);
  const created = Math.floor(random() * 200 * DAY);
  const activated = ['ACTIVE', 'COMPLETED', 'ENDED', 'SUSPENDED'].includes(state) ? iso(created - 3 * DAY) : null;
  const held = activated && random() < 0.8;
  return {
    pk: `MENTORSHIP#bench-${index}`,
    sk: 'META',
    id: `bench-${index}`,
    state,
    version: 3,
    mentorId: `bench-mentor-${Math.floor(random() * MENTORS)}`,
    menteeId: `bench-mentee-${MENTORS + Math.floor(random() * (MEMBERS - MENTORS))}`,
    origin: 'request',
    message: 'I would love your help with my career change: I have been a teacher for ten years and want to move into software.',
    createdAt: iso(created),
    updatedAt: iso(created - 4 * DAY),
    expiresAt: state === 'REQUESTED' ? new Date(Date.now() + Math.floor(random() * 14 * DAY)).toISOString() : null,
    endsAt: null,
    activatedAt: activated,
    ...(held ? { firstSessionAt: iso(created - 10 * DAY), lastSessionAt: iso(Math.floor(random() * 90 * DAY)) } : {}),
    ...(held && random() < 0.05 ? { fitCheck: { mentee: 'not_a_fit' } } : {}),
    declineReason: null,
    declineMessage: null,
    endReason: null,
    endMessage: null,
    acceptedBy: ['mentor'],
    proposedBy: null,
  };
};

/** A group session's META (in the listing the dashboard reads), its seats, and (held) one attendance stretch per seat. */
const groupSession = (index: number, held: boolean) => {
  const id = `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;
  const startsAt = held ? iso((index + 1) * (DAY / 2)) : new Date(Date.now() + (index + 1) * DAY).toISOString();
  const hostId = `bench-mentor-${index % MENTORS}`;
  const pk = `GROUP#${id}`;
  const meta = {
    pk,
    sk: 'META',
    id,
    kind: index % 2 ? 'workshop' : 'open_circle',
    title: `Group session ${index}`,
    description: 'How a technical interview goes, and how to prepare for one.',
    topics: [pick(DEFAULT_TOPICS)],
    startsAt,
    durationMinutes: 60,
    capacity: GROUP_SEATS,
    audience: 'all',
    state: held ? 'ended' : 'scheduled',
    hostId,
    coHostIds: [],
    speakerIds: [],
    callType: index % 2 ? 'livestream' : 'audio_room',
    callId: `g-${id}`,
    taken: GROUP_SEATS,
    waiting: 0,
    cancelReason: null,
    createdBy: hostId,
    createdAt: iso(200 * DAY),
    updatedAt: iso(DAY),
    listing: held ? 'GROUP_PAST' : 'GROUP',
  };
  const seats = Array.from({ length: GROUP_SEATS }, (_, seat) => {
    const memberId = `bench-mentee-${MENTORS + ((index * GROUP_SEATS + seat) % (MEMBERS - MENTORS))}`;
    return { pk, sk: `SEAT#${memberId}`, groupSessionId: id, memberId, status: 'in', signedUpAt: iso(300 * DAY), startsAt, ...(held && random() < 0.4 ? { rating: 1 + Math.floor(random() * 5), ratingComment: 'Clear and kind.', ratedAt: startsAt } : {}) };
  });
  const attendance = held
    ? seats.filter(() => random() < 0.7).map((seat) => ({ pk, sk: `ATTEND#c1#${seat.memberId}`, memberId: seat.memberId, joinedAt: startsAt, leftAt: startsAt, seconds: Math.floor(random() * 3600) }))
    : [];
  return [meta, ...seats, ...attendance];
};

const write = async (client: DynamoDBDocumentClient, table: string, items: Record<string, unknown>[]) => {
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let request: Record<string, { PutRequest: { Item: Record<string, unknown> } }[]> | undefined = {
          [table]: batches[next++]!.map((Item) => ({ PutRequest: { Item } })),
        };
        while (request && Object.keys(request).length) {
          const result = await client.send(new BatchWriteCommand({ RequestItems: request }));
          request = result.UnprocessedItems as typeof request;
        }
      }
    }),
  );
};

const summary = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? 0), runs: sorted.length };
};

/**
 * The coordinator's dashboard on 20,000 members and 5,000 mentorships in DynamoDB Local. What a coordinator waits
 * for: a load through the API, answered from the stored snapshot (one S3 read, paged). Apart from it, what the
 * snapshot costs to make (a "Refresh now" through the API, the schedule's computation in this process) and what
 * that computation reads in DynamoDB read capacity, part by part.
 */
export const dashboardBench: Bench = {
  name: 'dashboard',
  run: async ({ stage }) => {
    const local = { endpoint: stage.dynamoDbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
    const documents = DynamoDBDocumentClient.from(new DynamoDBClient(local), { marshallOptions: { removeUndefinedValues: true } });
    const seeded = performance.now();
    await write(documents, stage.tables.members!, Array.from({ length: MEMBERS }, (_, index) => member(index)));
    await write(documents, stage.tables.mentorships!, Array.from({ length: MENTORSHIPS }, (_, index) => mentorship(index)));
    await write(
      documents,
      stage.tables.safeguarding!,
      Array.from({ length: 20 }, (_, index) => ({ pk: `REPORT#bench-${index}`, sk: 'META', id: `bench-${index}`, status: index < 5 ? 'open' : 'resolved', createdAt: iso(index * DAY) })),
    );
    await write(documents, stage.tables.groupSessions!, [
      ...Array.from({ length: GROUP_HELD }, (_, index) => groupSession(index, true)).flat(),
      ...Array.from({ length: GROUP_UPCOMING }, (_, index) => groupSession(GROUP_HELD + index, false)).flat(),
    ]);
    const seedSeconds = round((performance.now() - seeded) / 1000, 1);
    documents.destroy();

    const user = await createTestUser(stage, { name: 'Bench Coordinator' });
    const cognito = cognitoClient(stage.cognito);
    try {
      await cognito.send(new AdminAddUserToGroupCommand({ UserPoolId: stage.cognito.userPoolId, Username: user.email, GroupName: COORDINATORS_GROUP }));
    } finally {
      cognito.destroy();
    }
    const token = await signIn(stage.cognito, user.email, user.password);
    const headers = { authorization: `Bearer ${token}` };

    // "Refresh now" through the API: computes the snapshot from the seeded tables and stores it (the schedule does
    // the same every 5 minutes). A snapshot made at the stage's start, before the seeding, would be empty.
    const refreshStarted = performance.now();
    const refreshed = await fetch(`${stage.url}/api/coordinator/dashboard/refresh`, { method: 'POST', headers });
    const refreshBody = (await refreshed.json()) as Dashboard;
    const refreshHttpMs = round(performance.now() - refreshStarted);
    if (!refreshed.ok) throw new Error(`The refresh answered ${refreshed.status}: ${JSON.stringify(refreshBody).slice(0, 300)}`);

    // Through the API from the snapshot: the whole path a coordinator's browser takes. The first load pays for the
    // function's cold start and its first read of the object; all are counted.
    const httpMs: number[] = [];
    let last: Dashboard | undefined;
    let next = 0;
    await Promise.all(
      Array.from({ length: HTTP_CONCURRENCY }, async () => {
        while (next < HTTP_LOADS) {
          next += 1;
          const started = performance.now();
          const response = await fetch(`${stage.url}/api/coordinator/dashboard`, { headers });
          const body = (await response.json()) as Dashboard;
          httpMs.push(performance.now() - started);
          if (!response.ok) throw new Error(`The dashboard answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
          last = body;
        }
      }),
    );
    if (last!.generatedAt !== refreshBody.generatedAt) throw new Error('The dashboard did not answer from the snapshot the refresh stored');

    // The snapshot's computation alone, in this process, with the module's own code and its consumed-capacity count per part.
    const saved = { ...process.env };
    Object.assign(process.env, {
      MEMBERS_TABLE: stage.tables.members!,
      MENTORSHIPS_TABLE: stage.tables.mentorships!,
      SAFEGUARDING_TABLE: stage.tables.safeguarding!,
      GROUP_SESSIONS_TABLE: stage.tables.groupSessions!,
      PROGRAMME_TABLE: stage.tables.programme!,
      AWS_ENDPOINT_URL_DYNAMODB: stage.dynamoDbEndpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
      // The schedule's function computes the snapshot with its own timeout (shared/src/schedules.ts), which sets the SDK's request timeouts.
      FUNCTION_TIMEOUT_SECONDS: String(schedules['dashboard-snapshot'].timeoutSeconds),
    });
    let parts: Record<string, { rcu: number; requests: number; ms: number; items: number }>;
    const computeMs: number[] = [];
    let computedRcu = 0;
    try {
      const data: typeof DashboardData = await import('../../../functions/src/coordination/dashboard');
      const part = async (name: string, read: (cost: DashboardData.ReadCost) => Promise<unknown[]>) => {
        const cost = { readCapacityUnits: 0, requests: 0 };
        const started = performance.now();
        const items = await read(cost);
        return [name, { rcu: round(cost.readCapacityUnits, 1), requests: cost.requests, ms: round(performance.now() - started), items: items.length }] as const;
      };
      parts = Object.fromEntries([
        await part('membersRosterIndex', data.readMemberFacts),
        // What the dashboard read before the roster index, for comparison (not part of a computation any more).
        await part('membersTableScanForComparison', data.scanMemberFacts),
        await part('mentorshipsByState', data.readMentorshipFacts),
        await part('openReports', data.readOpenReports),
        await part('groupSessions', async (cost) => {
          const { upcoming, past } = await data.readGroupSessions(new Date(), cost);
          return [...upcoming, ...past];
        }),
      ]);
      for (let run = 0; run < IN_PROCESS_LOADS; run += 1) {
        const started = performance.now();
        computedRcu = (await data.computeDashboard(new Date())).readCapacityUnits;
        computeMs.push(performance.now() - started);
      }
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }

    const http = summary(httpMs);
    // The stored object's size (gzipped JSON): what one uncached GET reads from S3.
    const s3 = new S3Client({ endpoint: stage.s3Endpoint, region: 'us-east-1', forcePathStyle: true, credentials: local.credentials });
    const head = await s3.send(new HeadObjectCommand({ Bucket: stage.buckets.archive!, Key: DASHBOARD_SNAPSHOT_KEY }));
    s3.destroy();
    const perDay = (24 * 60) / DASHBOARD_REFRESH_MINUTES;
    const figures = {
      members: MEMBERS,
      mentors: MENTORS,
      mentorships: MENTORSHIPS,
      groupSessions: { held: GROUP_HELD, upcoming: GROUP_UPCOMING, seatsEach: GROUP_SEATS, listed: last!.groupSessions.upcoming.length + last!.groupSessions.past.length },
      states: MENTORSHIP_STATES.length,
      seedSeconds,
      attentionItems: last!.attentionTotal,
      attentionPerPage: last!.attention.length,
      funnel: Object.fromEntries(last!.funnel.steps.map((step) => [step.step, step.count])),
      httpFromSnapshotMs: { ...http, concurrency: HTTP_CONCURRENCY, budgetP95: BUDGETS.httpP95Ms, withinBudget: http.p95 <= BUDGETS.httpP95Ms },
      snapshot: {
        refreshThroughApiMs: refreshHttpMs,
        computeInProcessMs: summary(computeMs),
        computeInFunctionMs: refreshBody.computeMs ?? null,
        rcuPerComputation: computedRcu,
        storedGzipBytes: head.ContentLength ?? null,
        parts,
        note: `The API reads no table: each load is one S3 GetObject (a 304 when the container holds the current version). The tables are read once per snapshot: every ${DASHBOARD_REFRESH_MINUTES} minutes ${computedRcu} RCU, ${round(computedRcu * perDay, 0)} RCU a day (~$${round(((computedRcu * perDay) / 1e6) * 0.125, 3)} at $0.125 per million read request units) whoever looks, plus each "Refresh now" (at most one per 30 s).`,
      },
      machine: { cpus: cpus().length, loadAverage1m: round(loadavg()[0]!, 1) },
    };
    console.log(
      `\n  dashboard: ${MEMBERS} members, ${MENTORSHIPS} mentorships, ${GROUP_HELD + GROUP_UPCOMING} group sessions → ${figures.attentionItems} items need attention (${figures.attentionPerPage} a page)` +
        `\n  GET through the API from the snapshot: p50 ${http.p50} ms, p95 ${http.p95} ms (budget p95 ≤ ${BUDGETS.httpP95Ms} ms: ${figures.httpFromSnapshotMs.withinBudget ? 'met' : 'MISSED'}; ${HTTP_LOADS} loads, concurrency ${HTTP_CONCURRENCY})` +
        `\n  making the snapshot: "Refresh now" through the API ${refreshHttpMs} ms (computation in the function ${figures.snapshot.computeInFunctionMs} ms; stored ${round((head.ContentLength ?? 0) / 1024)} KiB gzip); computation in-process p50 ${figures.snapshot.computeInProcessMs.p50} ms, p95 ${figures.snapshot.computeInProcessMs.p95} ms (no budget: off the request path, every ${DASHBOARD_REFRESH_MINUTES} min)` +
        `\n  read cost of one snapshot: ${computedRcu} RCU (members from the roster index ${parts.membersRosterIndex!.rcu} RCU in ${parts.membersRosterIndex!.requests} pages, where a Scan of the table costs ${parts.membersTableScanForComparison!.rcu} RCU; mentorships ${parts.mentorshipsByState!.rcu} RCU in ${parts.mentorshipsByState!.requests} queries, reports ${parts.openReports!.rcu} RCU, group sessions ${parts.groupSessions!.rcu} RCU in ${parts.groupSessions!.requests} queries for ${GROUP_HELD} held and ${GROUP_UPCOMING} to come); a GET reads 0 RCU` +
        `\n  (machine: ${figures.machine.cpus} CPUs, load ${figures.machine.loadAverage1m})\n`,
    );
    return figures;
  },
};
