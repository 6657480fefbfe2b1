import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { StreamClient } from '@stream-io/node-sdk';
import { chromium, type Browser, type Page } from '@playwright/test';
import { signStreamToken } from '../../../infra/local/stream';
import { withFakeMedia } from '../../e2e/playwright.config';
import type { Bench } from '../run';
import { percentile, round } from '../stats';
import { serveStandInPages } from '../support/stand-in-pages';

/** What the stand-in should manage on a developer's machine; printed beside each figure, never asserted. */
export const BUDGETS = { joinToFirstRemoteFrameP95Ms: 3000, messageRoundTripP95Ms: 250, stageRssWithTwoCallsOfTwoMb: 300 } as const;

const JOIN_RUNS = 5;
const MESSAGES = 60;
const WARM_UP = 5;
const SETTLE_MS = 10_000;

const userToken = (userId: string, secret: string) => signStreamToken({ user_id: userId, iat: Math.floor(Date.now() / 1000) - 5 }, secret);

/** RSS and CPU time of a process (the stage, in which the stand-in runs). */
const processStatus = (pid: number) => {
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  const [utime = 0, stime = 0] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').slice(11, 13).map(Number);
  return { rssMb: Math.round(rssKb / 1024), cpuSeconds: (utime + stime) / 100 };
};

const load = () => loadavg().map((value) => round(value, 1));
const sortedFigures = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), max: round(sorted.at(-1)!) };
};

interface Stand {
  url: string;
  apiKey: string;
  secret: string;
}

/** Starts the real video client's join() in a fresh context, with the clock started just before it. */
const joinCall = async (browser: Browser, pagesUrl: string, stand: Stand, userId: string, callId: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${pagesUrl}/call-test/`);
  await page.waitForFunction(() => typeof window.joinCall === 'function');
  await page.evaluate(
    (options) => {
      (window as unknown as { joinStarted: number }).joinStarted = performance.now();
      // Not awaited: the join resolves once devices are published, and the bench only waits for the frame.
      void window.joinCall(options);
    },
    { baseUrl: stand.url, apiKey: stand.apiKey, userId, token: userToken(userId, stand.secret), callId },
  );
  return page;
};

/** ms from the start of join() to the first decoded frame of the other's camera, measured in the page. */
const firstRemoteFrame = (page: Page, other: string) =>
  page.evaluate(async (id) => {
    while (!((document.getElementById(id) as HTMLVideoElement | null)?.videoWidth ?? 0)) await new Promise((resolve) => setTimeout(resolve, 10));
    return performance.now() - (window as unknown as { joinStarted: number }).joinStarted;
  }, `video-${other}`);

/** A call of two: the first joins, then the second; the second's clock is the one that counts (the first's also waits for the second). */
const callOfTwo = async (browser: Browser, pagesUrl: string, stand: Stand, callId: string) => {
  const [a, b] = [`${callId}-a`, `${callId}-b`];
  const pageA = await joinCall(browser, pagesUrl, stand, a, callId);
  await pageA.waitForFunction(() => window.callingState() === 'joined', undefined, { timeout: 60_000 });
  const pageB = await joinCall(browser, pagesUrl, stand, b, callId);
  const secondJoinerMs = await firstRemoteFrame(pageB, a);
  await firstRemoteFrame(pageA, b);
  return { secondJoinerMs, pages: [pageA, pageB] };
};

const closePages = (pages: Page[]) => Promise.all(pages.map((page) => page.context().close()));

/** A sends, B's stream-chat has it over its socket: one message at a time, timed on the shared wall clock. */
const chatRoundTrips = async (browser: Browser, pagesUrl: string, stand: Stand) => {
  const server = new StreamClient(stand.apiKey, stand.secret, { basePath: stand.url });
  const [a, b] = ['bench-chat-a', 'bench-chat-b'];
  await server.upsertUsers([{ id: a, name: 'A' }, { id: b, name: 'B' }]);
  await server.chat.channel('messaging', 'bench').getOrCreate({ data: { created_by_id: a, members: [{ user_id: a }, { user_id: b }] } });
  const pages = await Promise.all(
    [a, b].map(async (userId) => {
      const page = await (await browser.newContext()).newPage();
      await page.goto(`${pagesUrl}/chat-test/`);
      await page.waitForFunction(() => typeof window.chatConnect === 'function');
      await page.evaluate((options) => window.chatConnect(options), { baseUrl: stand.url, apiKey: stand.apiKey, userId, token: userToken(userId, stand.secret), channelId: 'bench' });
      return page;
    }),
  );
  const [sender, receiver] = pages as [Page, Page];
  const trips: number[] = [];
  try {
    for (let i = 0; i < WARM_UP + MESSAGES; i++) {
      const text = `bench ${i}`;
      const arrival = receiver.evaluate((t) => window.chatArrival(t), text);
      const sent = await sender.evaluate((t) => window.chatSend(t), text);
      const trip = (await arrival) - sent;
      if (i >= WARM_UP) trips.push(trip);
    }
  } finally {
    await closePages(pages);
  }
  return trips;
};

/**
 * The local Stream stand-in as two people meet it in Chromium with fake camera and microphone, with the real
 * clients (the video client of the stand-in's call test page, stream-chat in a page of its own): join to first
 * remote frame for the second of a call of two, chat round trip between two browsers, and the memory of the stage
 * process (the stand-in, its SFU included, runs inside it) idle and with two calls of two. The load average is
 * printed beside the figures: on a shared machine it explains most of their spread.
 */
export const standInBench: Bench = {
  name: 'stand-in',
  browser: true,
  env: { STREAM_API_KEY: '', STREAM_API_SECRET: '' },
  async run({ stage }) {
    if (stage.stream.mode !== 'stand-in') throw new Error('The stage did not start its Stream stand-in');
    const stand: Stand = stage.stream;
    const pid = stage.process.pid!;
    const pages = await serveStandInPages();
    const browser = await chromium.launch(withFakeMedia(process.env.CHROME_PATH));
    try {
      const idle = processStatus(pid);
      const loadAtStart = load();

      // Memory first, in a stage that has not yet held the join runs' calls (their garbage, left to V8's pace,
      // spread single reads by 50 MB), and as the median of a read a second while the calls run.
      const calls = [await callOfTwo(browser, pages.baseUrl, stand, 'bench-memory-0'), await callOfTwo(browser, pages.baseUrl, stand, 'bench-memory-1')];
      const before = processStatus(pid);
      const samples: number[] = [];
      for (let second = 0; second < SETTLE_MS / 1000; second++) {
        await new Promise((resolve) => setTimeout(resolve, 1000));
        samples.push(processStatus(pid).rssMb);
      }
      const withCalls = processStatus(pid);
      await closePages(calls.flatMap((call) => call.pages));
      const rss = sortedFigures(samples);

      const joins: number[] = [];
      for (let run = 0; run < JOIN_RUNS; run++) {
        const { secondJoinerMs, pages: callPages } = await callOfTwo(browser, pages.baseUrl, stand, `bench-join-${run}`);
        joins.push(secondJoinerMs);
        await closePages(callPages);
      }

      const trips = await chatRoundTrips(browser, pages.baseUrl, stand);

      const join = sortedFigures(joins);
      const chat = sortedFigures(trips);
      return {
        loadAverage1m5m15m: { atStart: loadAtStart, atEnd: load() },
        cpus: (await import('node:os')).cpus().length,
        joinToFirstRemoteFrameMs: { runs: JOIN_RUNS, ...join, all: joins.map((ms) => round(ms, 0)), budgetP95: BUDGETS.joinToFirstRemoteFrameP95Ms, withinBudget: join.p95 <= BUDGETS.joinToFirstRemoteFrameP95Ms },
        messageRoundTripMs: { messages: MESSAGES, ...chat, budgetP95: BUDGETS.messageRoundTripP95Ms, withinBudget: chat.p95 <= BUDGETS.messageRoundTripP95Ms },
        stageRssMb: {
          idle: idle.rssMb,
          twoCallsOfTwo: rss.p50,
          twoCallsOfTwoMax: rss.max,
          samples,
          budgetTwoCallsOfTwo: BUDGETS.stageRssWithTwoCallsOfTwoMb,
          withinBudget: rss.p50 <= BUDGETS.stageRssWithTwoCallsOfTwoMb,
        },
        stageCpuShareOfOneCoreWithTwoCallsOfTwo: round((withCalls.cpuSeconds - before.cpuSeconds) / (SETTLE_MS / 1000)),
      };
    } finally {
      await browser.close();
      await pages.close();
    }
  },
};
