import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { AdminAddUserToGroupCommand } from '@aws-sdk/client-cognito-identity-provider';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../../e2e/playwright.config';
import { cognitoClient, createTestUser, signIn, type TestUser } from '../../support/auth';
import { repoRoot, type SpawnedStage } from '../../support/local-stage';
import type { Bench } from '../run';
import { percentile, round } from '../stats';

const API_CONCURRENCY = 4;
const API_SECONDS = 10;
const BROWSER_LOADS = 25;
const ACTION_ITEMS = 10;

const send = async (stage: SpawnedStage, user: Pick<TestUser, 'idToken'>, method: string, path: string, body?: unknown) => {
  const response = await fetch(`${stage.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${user.idToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
};

/** An active pair with one booked session, its notes and ten action items, made through the API as members would. */
const seedPair = async (stage: SpawnedStage) => {
  const [mentor, mentee, coordinatorUser] = await Promise.all([
    createTestUser(stage, { name: 'Bench Mentor' }),
    createTestUser(stage, { name: 'Bench Mentee' }),
    createTestUser(stage, { name: 'Bench Coordinator' }),
  ]);
  const client = cognitoClient(stage.cognito);
  try {
    await client.send(new AdminAddUserToGroupCommand({ UserPoolId: stage.cognito.userPoolId, Username: coordinatorUser.email, GroupName: 'coordinators' }));
  } finally {
    client.destroy();
  }
  const coordinator = { ...coordinatorUser, idToken: await signIn(stage.cognito, coordinatorUser.email, coordinatorUser.password) };
  const programme = await send(stage, coordinator, 'GET', '/api/programme');
  const everyDay = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start: '08:00', end: '20:00' }));
  for (const [user, role] of [[mentor, 'mentor'], [mentee, 'mentee']] as const) {
    await send(stage, user, 'PUT', '/api/profile/me', {
      role,
      displayName: user.name,
      headline: 'Bench',
      bio: '',
      languages: ['en'],
      country: 'DE',
      timezone: role === 'mentor' ? 'Europe/Berlin' : 'Europe/London',
      availability: everyDay,
      format: 'online',
      codeOfConductVersion: programme.codeOfConductVersion,
      topics: [(programme.topics as string[])[0]],
      ...(role === 'mentor' ? { yearsOfExperience: 10, capacity: 2, acceptingRequests: true } : { goals: 'Grow.' }),
    });
    await send(stage, user, 'POST', '/api/profile/me/submit');
  }
  await send(stage, coordinator, 'POST', `/api/coordinator/applications/${mentor.sub}/decision`, { decision: 'approved' });
  const mentorship = await send(stage, mentee, 'POST', '/api/mentorships', { mentorId: mentor.sub, message: 'Benchmarking the session page, please accept.' });
  const mentorshipId = mentorship.id as string;
  await send(stage, mentor, 'POST', `/api/mentorships/${mentorshipId}/accept`);
  const slots = (await send(stage, mentee, 'GET', `/api/mentorships/${mentorshipId}/slots?days=14&durationMinutes=60`)) as { slots: { startsAt: string }[] };
  if (!slots.slots[0]) throw new Error('The pair has no common free slot');
  const session = await send(stage, mentee, 'POST', `/api/mentorships/${mentorshipId}/sessions`, { startsAt: slots.slots[0].startsAt, durationMinutes: 60, agenda: 'Career plan for the year' });
  const sessionId = session.id as string;
  await send(stage, mentee, 'PUT', `/api/sessions/${sessionId}/notes`, { text: 'Goals for the quarter.\n'.repeat(40), version: 0 });
  for (let i = 0; i < ACTION_ITEMS; i += 1) {
    await send(stage, i % 2 ? mentor : mentee, 'POST', `/api/mentorships/${mentorshipId}/action-items`, { text: `Action item ${i + 1}`, ownerId: i % 2 ? mentor.sub : mentee.sub, dueOn: '2030-01-15', sessionId });
  }
  return { mentee, mentorshipId, sessionId };
};

/** `task` from `concurrency` loops for `durationMs`: every latency kept, for the p95 (stats.ts's closedLoop has none). */
const loop = async (task: () => Promise<unknown>, concurrency: number, durationMs: number) => {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const end = started + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        try {
          await task();
          latencies.push(performance.now() - t);
        } catch {
          errors += 1;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  return {
    pagesPerSecond: round(latencies.length / ((performance.now() - started) / 1000)),
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    pages: latencies.length,
    errors,
  };
};

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1) ?? Number.NaN), runs: sorted.length };
};

/**
 * The session page's load on the local stage: the API calls it makes (the session with its notes, the
 * mentorship, the action items, the viewer's profile) together at a few connections, and the page in Chromium
 * from navigation to its heading, notes and action items shown, for a signed-in member.
 */
export const sessionPageBench: Bench = {
  name: 'session-page',
  web: 'static',
  browser: true,
  prepare: async () => {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('npm run build failed');
  },
  run: async ({ stage }) => {
    const { mentee, mentorshipId, sessionId } = await seedPair(stage);
    const pageData = () =>
      Promise.all([
        send(stage, mentee, 'GET', `/api/sessions/${sessionId}`),
        send(stage, mentee, 'GET', `/api/mentorships/${mentorshipId}`),
        send(stage, mentee, 'GET', `/api/mentorships/${mentorshipId}/action-items`),
        send(stage, mentee, 'GET', '/api/profile/me'),
      ]);
    await pageData();
    const api = await loop(pageData, API_CONCURRENCY, API_SECONDS * 1000);
    const singleCalls: Record<string, ReturnType<typeof summary>> = {};
    for (const [name, path] of [
      ['session', `/api/sessions/${sessionId}`],
      ['actionItems', `/api/mentorships/${mentorshipId}/action-items`],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < 50; i += 1) {
        const t = performance.now();
        await send(stage, mentee, 'GET', path);
        times.push(performance.now() - t);
      }
      singleCalls[name] = summary(times);
    }

    const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH, args: chromiumFlags });
    const loads: number[] = [];
    let firstLoadMs: number;
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      const path = `/mentorships/${mentorshipId}/sessions/${sessionId}`;
      await page.goto(`${stage.url}/login?next=${encodeURIComponent(path)}`);
      await page.getByLabel('E-mail').fill(mentee.email);
      await page.getByLabel('Password').fill(mentee.password);
      const first = performance.now();
      await page.getByRole('button', { name: 'Sign in' }).click();
      const shown = async () => {
        await page.getByRole('heading', { level: 1, name: /^Session on / }).waitFor();
        await page.getByLabel('Notes for this session').waitFor();
        await page.getByRole('checkbox', { name: `Action item ${ACTION_ITEMS}` }).waitFor();
      };
      await shown();
      firstLoadMs = round(performance.now() - first);
      for (let i = 0; i < BROWSER_LOADS; i += 1) {
        const t = performance.now();
        await page.goto(`${stage.url}${path}`);
        await shown();
        loads.push(performance.now() - t);
      }
    } finally {
      await browser.close();
    }

    const figures = {
      actionItems: ACTION_ITEMS,
      pageData: { calls: 4, concurrency: API_CONCURRENCY, seconds: API_SECONDS, ...api },
      singleCallsMs: singleCalls,
      browser: { firstLoadAfterSignInMs: firstLoadMs, fullLoadMs: summary(loads), note: 'navigation to the heading, the notes and the last action item shown (full page load, signed in, local stage serving the built SPA)' },
      machine: { cpus: cpus().length, loadAverage1m: round(loadavg()[0]!, 1) },
    };
    console.log(
      `\n  session page data (4 calls together) at ${API_CONCURRENCY} connections: p50 ${api.p50Ms} ms, p95 ${api.p95Ms} ms, p99 ${api.p99Ms} ms, ${api.pagesPerSecond} pages/s, ${api.errors} errors` +
        `\n  GET session alone: p50 ${singleCalls.session!.p50} ms, p95 ${singleCalls.session!.p95} ms; action items: p50 ${singleCalls.actionItems!.p50} ms, p95 ${singleCalls.actionItems!.p95} ms` +
        `\n  in Chromium, full load to content: p50 ${figures.browser.fullLoadMs.p50} ms, p95 ${figures.browser.fullLoadMs.p95} ms (first, after sign-in: ${firstLoadMs} ms)\n`,
    );
    return figures;
  },
};
