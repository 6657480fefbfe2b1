import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchWriteCommand, DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { randomUUID } from 'node:crypto';
import { commonSlots, type AvailabilityWindow } from '@mentoring/shared';
import { createTestUser } from '../../support/auth';
import type { Bench } from '../run';
import { closedLoop, percentile, round } from '../stats';

/** How many times the pure computation runs, and for how long the endpoint is loaded. */
const RUNS = 2_000;
const SECONDS = 10;
const CONNECTIONS = 4;
const BOOKED = 6;

// A generous pair: evenings on weekdays and long weekend windows on both sides, in zones six hours apart, over a
// fortnight that crosses the US daylight-saving change (8 March 2026) but not the EU's: the worst case the code has.
const weekdays = (start: string, end: string): AvailabilityWindow[] => [1, 2, 3, 4, 5].map((day) => ({ day, start, end }));
const mentor = { timezone: 'Europe/Berlin', availability: [...weekdays('17:00', '22:00'), { day: 6, start: '08:00', end: '20:00' }, { day: 7, start: '08:00', end: '20:00' }] };
const mentee = { timezone: 'America/New_York', availability: [...weekdays('07:00', '09:00'), ...weekdays('11:00', '17:00'), { day: 6, start: '06:00', end: '18:00' }] };

const HOUR = 3_600_000;

export const slotsBench: Bench = {
  name: 'slots',
  run: async ({ stage }) => {
    // 1. The pure computation the route and the SPA share: a fortnight of 60-minute slots with a few sessions booked.
    const from = new Date('2026-03-02T00:00:00Z');
    const busy = Array.from({ length: BOOKED }, (_, index) => ({ start: from.getTime() + (index * 2 + 1) * 24 * HOUR + 17 * HOUR, end: from.getTime() + (index * 2 + 1) * 24 * HOUR + 18 * HOUR }));
    const request = { members: [mentor, mentee], from, days: 14, durationMinutes: 60, now: new Date('2026-03-01T00:00:00Z'), busy };
    const slotCount = commonSlots(request).length;
    for (let warm = 0; warm < 200; warm += 1) commonSlots(request);
    const computeMs: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      commonSlots(request);
      computeMs.push(performance.now() - started);
    }
    computeMs.sort((a, b) => a - b);

    // 2. GET /api/mentorships/{id}/slots on the local stage: the mentorship, both profiles and both members' guards read, then the same computation.
    const local = { endpoint: stage.dynamoDbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } };
    const documents = DynamoDBDocumentClient.from(new DynamoDBClient(local));
    const [grace, ada] = await Promise.all([createTestUser(stage, { name: 'Bench Mentor' }), createTestUser(stage, { name: 'Bench Mentee' })]);
    const profile = { headline: '', bio: '', languages: ['en'], country: 'DE', format: 'online', topics: ['Career change'], approvalState: 'approved' };
    await documents.send(
      new BatchWriteCommand({
        RequestItems: {
          [stage.tables.members!]: [
            { PutRequest: { Item: { ...profile, id: grace.sub, role: 'mentor', displayName: 'Grace', ...mentor } } },
            { PutRequest: { Item: { ...profile, id: ada.sub, role: 'mentee', displayName: 'Ada', ...mentee } } },
          ],
        },
      }),
    );
    const mentorshipId = randomUUID();
    const at = new Date().toISOString();
    await documents.send(
      new PutCommand({
        TableName: stage.tables.mentorships!,
        Item: { pk: `MENTORSHIP#${mentorshipId}`, sk: 'META', id: mentorshipId, state: 'ACTIVE', version: 2, mentorId: grace.sub, menteeId: ada.sub, origin: 'request', message: '', createdAt: at, updatedAt: at },
      }),
    );
    const url = `${stage.url}/api/mentorships/${mentorshipId}/slots?days=14&durationMinutes=60`;
    const headers = { authorization: `Bearer ${ada.idToken}` };
    // Book a few sessions through the API so the guards the route reads are real.
    const first = (await (await fetch(url, { headers })).json()) as { slots: { startsAt: string }[] };
    const step = Math.max(1, Math.floor(first.slots.length / BOOKED));
    for (let index = 0; index < BOOKED && index * step < first.slots.length; index += 1) {
      await fetch(`${stage.url}/api/mentorships/${mentorshipId}/sessions`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ startsAt: first.slots[index * step]!.startsAt, durationMinutes: 60, agenda: '' }),
      });
    }
    for (let warm = 0; warm < 20; warm += 1) await fetch(url, { headers });
    // closedLoop's shape, plus the p95 this benchmark is asked for.
    const latencies: number[] = [];
    const load = await closedLoop(
      async () => {
        const started = performance.now();
        const response = await fetch(url, { headers });
        if (!response.ok) throw new Error(String(response.status));
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
      },
      { concurrency: CONNECTIONS, durationMs: SECONDS * 1000 },
    );
    latencies.sort((a, b) => a - b);
    return {
      fortnightOfSlots: { runs: RUNS, slots: slotCount, booked: BOOKED, p50Ms: round(percentile(computeMs, 50), 3), p95Ms: round(percentile(computeMs, 95), 3), maxMs: round(computeMs.at(-1)!, 3) },
      slotsEndpoint: { connections: CONNECTIONS, seconds: SECONDS, ...load, p95Ms: round(percentile(latencies, 95)) },
    };
  },
};
