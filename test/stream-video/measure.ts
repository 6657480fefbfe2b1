// Figures of the video stand-in, for the report and the benchmark: time from join() to the first remote frame, and
// the stand-in's memory and CPU with two calls of two in Chromium (fake devices).
// `npx tsx test/stream-video/measure.ts`
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { findBrowser, machineProbes } from '../../scripts/browser';
import { signToken } from '../../infra/local/stream/video/testing/harness';

const child = spawn(process.execPath, ['--import', 'tsx', new URL('./serve.ts', import.meta.url).pathname], { stdio: ['ignore', 'pipe', 'inherit'] });
const { baseUrl, apiKey, pid } = await new Promise<{ baseUrl: string; apiKey: string; pid: number }>((resolve) => {
  child.stdout.once('data', (data: Buffer) => resolve(JSON.parse(String(data)) as never));
});
const status = () => {
  const text = readFileSync(`/proc/${pid}/status`, 'utf8');
  const rssKb = Number(/VmRSS:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const [utime, stime] = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ').slice(11, 13).map(Number);
  return { rssMb: Math.round(rssKb / 1024), cpuSeconds: ((utime ?? 0) + (stime ?? 0)) / 100 };
};

const found = findBrowser(machineProbes());
const browser = await chromium.launch({
  executablePath: found && 'path' in found ? found.path : undefined,
  args: ['--headless', '--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});

const idle = status();
const join = async (userId: string, callId: string) => {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${baseUrl}/call-test/`);
  await page.waitForFunction(() => typeof window.joinCall === 'function');
  await page.evaluate((options) => {
    (window as unknown as { joinStarted: number }).joinStarted = performance.now();
    return window.joinCall(options);
  }, { baseUrl, apiKey, userId, token: signToken({ user_id: userId }), callId });
  return page;
};
/** ms from the start of join() to the first frame of the other's video, measured in the page. */
const firstFrame = (page: Page, other: string) =>
  page.evaluate(async (id) => {
    while (!((document.getElementById(id) as HTMLVideoElement | null)?.videoWidth ?? 0)) await new Promise((resolve) => setTimeout(resolve, 10));
    return Math.round(performance.now() - (window as unknown as { joinStarted: number }).joinStarted);
  }, `video-${other}`);

const calls = [['u1', 'u2'], ['u3', 'u4']] as const;
const timings: number[] = [];
for (const [index, [a, b]] of calls.entries()) {
  const pageA = await join(a, `measure-${index}`);
  const pageB = await join(b, `measure-${index}`);
  // The second to join sees the first at once; the first's clock also counts the wait for the second.
  timings.push(await firstFrame(pageB, a));
  await firstFrame(pageA, b);
}
const before = status();
await new Promise((resolve) => setTimeout(resolve, 10_000));
const after = status();
console.log(JSON.stringify({
  secondJoinerJoinToFirstRemoteFrameMs: timings,
  standInRssMb: { idle: idle.rssMb, twoCallsOfTwo: after.rssMb },
  standInCpuShareOfOneCoreWithTwoCallsOfTwo: Number(((after.cpuSeconds - before.cpuSeconds) / 10).toFixed(2)),
}));
await browser.close();
child.kill();
