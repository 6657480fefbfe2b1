import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { RuntimeConfig } from '@mentoring/shared';
import { createTestUser } from '../../support/auth';
import type { Bench } from '../run';
import { percentile, round } from '../stats';

const MENTORS = 10;
const PLACES = 2;
const ACCEPTS = 100;
/** The SPA's retry of a lost answer (frontend/src/lib/api-client.ts). */
const LOST_ANSWER = new Set([502, 503, 504]);
const RETRY_DELAY_MS = 1000;

/**
 * 100 concurrent accepts of distinct requests (10 per mentor, each from a distinct mentee), sent as the SPA sends them, against mentors
 * with 2 places each, through the local stage's API: exactly 20 must become mentorships. The write cost
 * is what DynamoDB reported (ReturnConsumedCapacity) for the committed transactions, read from the stage's
 * DEBUG log lines of the accept function.
 */
export const acceptsBench: Bench = {
  name: 'accepts',
  env: { POWERTOOLS_LOG_LEVEL: 'DEBUG' },
  run: async ({ stage }) => {
    const client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: stage.dynamoDbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
    const config = (await (await fetch(`${stage.url}/config.json`)).json()) as RuntimeConfig;
    const mentors = await Promise.all(Array.from({ length: MENTORS }, (_, index) => createTestUser({ url: stage.url, cognito: config.cognito! }, { name: `Mentor ${index}` })));
    const now = new Date().toISOString();
    const expiresAt = new Date(Date.now() + 14 * 86_400_000).toISOString();
    const items: Record<string, unknown>[] = [];
    const memberItems: Record<string, unknown>[] = mentors.map((mentor) => ({
      id: mentor.sub, role: 'mentor', approvalState: 'approved', capacity: PLACES, activeMentees: 0, acceptingRequests: true, listed: 'mentor', displayName: mentor.name, headline: '',
    }));
    const requests = Array.from({ length: ACCEPTS }, (_, index) => {
      const mentor = mentors[index % MENTORS]!;
      const menteeId = randomUUID();
      const id = randomUUID();
      memberItems.push({ id: menteeId, role: 'mentee', approvalState: 'approved', displayName: `Mentee ${index}`, headline: '' });
      items.push(
        { pk: `MENTORSHIP#${id}`, sk: 'META', id, state: 'REQUESTED', version: 1, mentorId: mentor.sub, menteeId, origin: 'request', message: 'Please', createdAt: now, updatedAt: now, expiresAt, endsAt: null, activatedAt: null, declineReason: null, declineMessage: null, endReason: null, endMessage: null, acceptedBy: [], proposedBy: null },
        { pk: `MENTORSHIP#${id}`, sk: `EVENT#${now}#000001`, version: 1, at: now, type: 'requested', actor: 'mentee', actorId: menteeId, from: null, to: 'REQUESTED', reason: null, message: 'Please' },
        { pk: `PAIR#${mentor.sub}#${menteeId}`, sk: 'GUARD', mentorshipId: id, since: now },
        { pk: `MENTEE#${menteeId}`, sk: 'COUNTERS', openRequests: 1, openProposals: 0 },
      );
      return { id, token: mentor.idToken };
    });
    const write = async (table: string, all: Record<string, unknown>[]) => {
      for (let start = 0; start < all.length; start += 25) {
        await client.send(new BatchWriteCommand({ RequestItems: { [table]: all.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) } }));
      }
    };
    await write(stage.tables.members!, memberItems);
    await write(stage.tables.mentorships!, items);

    const logStart = stage.output().length;
    const started = performance.now();
    // As the SPA's API client sends an accept: with an Idempotency-Key, tried once more a second later when the
    // answer was lost (502, 503, 504), which the accept answers with the mentorship if its first try committed.
    const send = (id: string, token: string, key: string) =>
      fetch(`${stage.url}/api/mentorships/${id}/accept`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'idempotency-key': key } }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      });
    const results = await Promise.all(
      requests.map(async ({ id, token }) => {
        const t = performance.now();
        const key = randomUUID();
        const first = await send(id, token, key);
        let status = first;
        if (LOST_ANSWER.has(first)) {
          await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
          status = await send(id, token, key);
        }
        return { first, status, ms: performance.now() - t };
      }),
    );
    const wallMs = performance.now() - started;

    const accepted = results.filter((result) => result.status === 200).length;
    const countOf = (statuses: number[]) => Object.fromEntries([...new Set(statuses)].map((status) => [status, statuses.filter((each) => each === status).length]));
    const statusCounts = countOf(results.map((result) => result.status));
    const firstTryStatusCounts = countOf(results.map((result) => result.first));
    const active = ((await client.send(new ScanCommand({ TableName: stage.tables.mentorships!, FilterExpression: '#s = :active', ExpressionAttributeNames: { '#s': 'state' }, ExpressionAttributeValues: { ':active': 'ACTIVE' }, ConsistentRead: true }))).Items ?? []).length;
    const placesTaken = ((await client.send(new ScanCommand({ TableName: stage.tables.members!, ConsistentRead: true }))).Items ?? []).reduce((sum, item) => sum + Number(item.activeMentees ?? 0), 0);
    const commits = stage
      .output()
      .slice(logStart)
      .split('\n')
      .filter((line) => line.includes('Mentorship transaction committed') && line.includes('mentorships/accept'))
      .map((line) => JSON.parse(line) as { writeUnits: number; items: number });
    const writeUnits = commits.reduce((sum, commit) => sum + commit.writeUnits, 0);
    const sorted = results.map((result) => result.ms).sort((a, b) => a - b);
    client.destroy();
    if (accepted !== MENTORS * PLACES || active !== MENTORS * PLACES || placesTaken !== MENTORS * PLACES) {
      throw new Error(`Expected exactly ${MENTORS * PLACES} mentorships: ${accepted} accepted, ${active} ACTIVE stored, ${placesTaken} places taken; answers ${JSON.stringify(statusCounts)}\n${stage.output().slice(logStart).split("\n").filter((line) => line.includes("\"ERROR\"") && !line.includes("MAIL_FROM")).slice(0, 3).join("\n").slice(0, 3000)}`);
    }
    return {
      mentors: MENTORS,
      placesEach: PLACES,
      concurrentAccepts: ACCEPTS,
      accepted,
      statusCounts,
      firstTryStatusCounts,
      retried: results.filter((result) => result.first !== result.status || LOST_ANSWER.has(result.first)).length,
      storedActive: active,
      placesTaken,
      wallMs: round(wallMs),
      p50Ms: round(percentile(sorted, 50)),
      p95Ms: round(percentile(sorted, 95)),
      maxMs: round(sorted.at(-1)!),
      committedAcceptTransactions: commits.length,
      writeCapacityUnitsPerAccept: commits.length ? round(writeUnits / commits.length, 2) : null,
      itemsPerAcceptTransaction: commits.length ? round(commits.reduce((sum, commit) => sum + commit.items, 0) / commits.length, 2) : null,
      consumedCapacityReported: writeUnits > 0,
    };
  },
};
