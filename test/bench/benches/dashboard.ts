import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { cpus, loadavg } from 'node:os';
import { COORDINATORS_GROUP, DEFAULT_TOPICS, MENTORSHIP_STATES } from '@mentoring/shared';
import type * as DashboardData from '../../../functions/src/coordination/dashboard';
import { cognitoClient, createTestUser, signIn } from '../../support/auth';
import type { Bench } from '../run';
import { percentile, round } from '../stats';

const MEMBERS = 20_000;
const MENTORS = 5_000;
const MENTORSHIPS = 5_000;
const HTTP_LOADS = 20;
const IN_PROCESS_LOADS = 10;
/** The dashboard's cache in a container (functions/src/coordination/dashboard.ts). */
const CACHE_SECONDS = 60;
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
 * The coordinator's dashboard on 20,000 members and 5,000 mentorships in DynamoDB Local: the latency of a load
 * through the API (uncached: the stage runs with DASHBOARD_CACHE_SECONDS=0), the reads alone in this process,
 * and what one load costs in DynamoDB read capacity, with what a container's 60 s cache makes of it.
 */
export const dashboardBench: Bench = {
  name: 'dashboard',
  env: { DASHBOARD_CACHE_SECONDS: '0' },
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

    // Through the API: the whole path a coordinator's browser takes, one load at a time (a coordinator does not
    // open the dashboard ten times at once). The first load pays for the function's cold start; all are counted.
    const httpMs: number[] = [];
    let last: { attention: unknown[]; readCapacityUnits: number; funnel: { steps: { step: string; count: number }[] } } | undefined;
    for (let run = 0; run < HTTP_LOADS; run += 1) {
      const started = performance.now();
      const response = await fetch(`${stage.url}/api/coordinator/dashboard`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await response.json()) as typeof last;
      httpMs.push(performance.now() - started);
      if (!response.ok) throw new Error(`The dashboard answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
      last = body;
    }

    // The reads alone, in this process, with the repository's own code and its consumed-capacity count per part.
    const saved = { ...process.env };
    Object.assign(process.env, {
      MEMBERS_TABLE: stage.tables.members!,
      MENTORSHIPS_TABLE: stage.tables.mentorships!,
      SAFEGUARDING_TABLE: stage.tables.safeguarding!,
      PROGRAMME_TABLE: stage.tables.programme!,
      AWS_ENDPOINT_URL_DYNAMODB: stage.dynamoDbEndpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      POWERTOOLS_LOG_LEVEL: 'ERROR',
    });
    let parts: Record<string, { rcu: number; requests: number; ms: number; items: number }>;
    const inProcessMs: number[] = [];
    let cachedMs: number[];
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
        // What the dashboard read before the roster index, for comparison (not part of a load any more).
        await part('membersTableScanForComparison', data.scanMemberFacts),
        await part('mentorshipsByState', data.readMentorshipFacts),
        await part('openReports', data.readOpenReports),
      ]);
      for (let run = 0; run < IN_PROCESS_LOADS; run += 1) {
        const started = performance.now();
        await data.computeDashboard(new Date());
        inProcessMs.push(performance.now() - started);
      }
      process.env.DASHBOARD_CACHE_SECONDS = String(CACHE_SECONDS);
      data.resetDashboardCache();
      await data.dashboard();
      cachedMs = [];
      for (let run = 0; run < 100; run += 1) {
        const started = performance.now();
        await data.dashboard();
        cachedMs.push(performance.now() - started);
      }
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }

    // Through the API again, after the in-process reads: whether the order (DynamoDB Local warming up) matters.
    const httpAgainMs: number[] = [];
    for (let run = 0; run < 5; run += 1) {
      const started = performance.now();
      const response = await fetch(`${stage.url}/api/coordinator/dashboard`, { headers: { authorization: `Bearer ${token}` } });
      await response.arrayBuffer();
      httpAgainMs.push(performance.now() - started);
    }

    const rcuPerLoad = last!.readCapacityUnits;
    const figures = {
      members: MEMBERS,
      mentors: MENTORS,
      mentorships: MENTORSHIPS,
      states: MENTORSHIP_STATES.length,
      seedSeconds,
      attentionItems: last!.attention.length,
      funnel: Object.fromEntries(last!.funnel.steps.map((step) => [step.step, step.count])),
      httpUncachedMs: summary(httpMs),
      httpUncachedAfterInProcessMs: summary(httpAgainMs),
      readsInProcessMs: summary(inProcessMs),
      cachedInProcessMs: summary(cachedMs),
      readCost: {
        rcuPerUncachedLoad: rcuPerLoad,
        parts,
        cacheSeconds: CACHE_SECONDS,
        note: `One uncached load reads ${rcuPerLoad} RCU (eventually consistent; projections cut what is sent and parsed, not what DynamoDB charges, which is the items' size). With the ${CACHE_SECONDS} s cache a container pays that at most once a minute however many coordinators look: at most ${round(rcuPerLoad * 60 * 24, 0)} RCU a day per warm container (~$${round(((rcuPerLoad * 60 * 24) / 1e6) * 0.125, 3)} at $0.125 per million read request units), and nothing when nobody looks.`,
      },
      machine: { cpus: cpus().length, loadAverage1m: round(loadavg()[0]!, 1) },
    };
    console.log(
      `\n  dashboard: ${MEMBERS} members, ${MENTORSHIPS} mentorships → ${figures.attentionItems} items need attention` +
        `\n  through the API, uncached: p50 ${figures.httpUncachedMs.p50} ms, p95 ${figures.httpUncachedMs.p95} ms (${HTTP_LOADS} loads)` +
        `\n  through the API again after the in-process reads: p50 ${figures.httpUncachedAfterInProcessMs.p50} ms` +
        `\n  the reads alone in-process: p50 ${figures.readsInProcessMs.p50} ms, p95 ${figures.readsInProcessMs.p95} ms; cached: p95 ${figures.cachedInProcessMs.p95} ms` +
        `\n  read cost of one load: ${rcuPerLoad} RCU (members from the roster index ${parts.membersRosterIndex!.rcu} RCU in ${parts.membersRosterIndex!.requests} pages, where a Scan of the table costs ${parts.membersTableScanForComparison!.rcu} RCU; mentorships ${parts.mentorshipsByState!.rcu} RCU in ${parts.mentorshipsByState!.requests} queries, reports ${parts.openReports!.rcu} RCU)` +
        `\n  (machine: ${figures.machine.cpus} CPUs, load ${figures.machine.loadAverage1m})\n`,
    );
    return figures;
  },
};
