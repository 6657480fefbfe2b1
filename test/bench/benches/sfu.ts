import { chromium, type Browser, type Page } from '@playwright/test';
import { loadavg } from 'node:os';
import { startVideoHarness } from '../../../infra/local/stream';
import { withFakeMedia } from '../../e2e/playwright.config';
import type { Bench } from '../run';
import { round } from '../stats';
import { serveStandInPages } from '../support/stand-in-pages';
import { joinStandInCall as join, sleep, waitFor } from '../support/stand-in-calls';

const MEASURE_MS = 10_000;
const QUALITY_SAMPLES = 10;
const THUMBNAIL_WIDTH = 320;

/** Video bytes the page has received so far (inbound-rtp, every connection). */
const videoBytesReceived = (page: Page) =>
  page.evaluate(async () => {
    let bytes = 0;
    for (const pc of (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections) {
      (await pc.getStats()).forEach((stats: { type: string; kind?: string; bytesReceived?: number }) => {
        if (stats.type === 'inbound-rtp' && stats.kind === 'video') bytes += stats.bytesReceived ?? 0;
      });
    }
    return bytes;
  });

/**
 * What the page's encoders have done so far (outbound-rtp video, every connection): seconds spent encoding and the
 * encodings (simulcast layers) that sent frames. The encode time is the publisher's cost of simulcast.
 */
const videoEncoding = (page: Page) =>
  page.evaluate(async () => {
    let encodeSeconds = 0;
    const layers = new Set<string>();
    for (const pc of (window as unknown as { peerConnections: RTCPeerConnection[] }).peerConnections) {
      (await pc.getStats()).forEach((stats: { type: string; kind?: string; totalEncodeTime?: number; framesEncoded?: number; rid?: string; ssrc?: number }) => {
        if (stats.type !== 'outbound-rtp' || stats.kind !== 'video') return;
        encodeSeconds += stats.totalEncodeTime ?? 0;
        if ((stats.framesEncoded ?? 0) > 0) layers.add(stats.rid ?? String(stats.ssrc));
      });
    }
    return { encodeSeconds, layers: [...layers].sort() };
  });

/** Bytes per second of video a subscriber that shows the other's camera at 320 px receives. */
const thumbnailBytesPerSecond = async (browser: Browser, pagesUrl: string, simulcast: boolean) => {
  const harness = await startVideoHarness({ simulcast });
  const callId = `bench-sfu-${simulcast ? 'simulcast' : 'single'}`;
  const cid = `default:${callId}`;
  const pages: Page[] = [];
  try {
    pages.push(await join(browser, pagesUrl, harness, 'publisher', callId));
    const viewer = await join(browser, pagesUrl, harness, 'viewer', callId);
    pages.push(viewer);
    const playing = () => viewer.evaluate(() => (document.getElementById('video-publisher') as HTMLVideoElement | null)?.videoWidth ?? 0);
    await waitFor(async () => (await playing()) > 0, 'the publisher’s camera at the viewer');
    // A 320 px tile: the client asks the SFU for the size its element shows (UpdateSubscriptions).
    await viewer.evaluate((width) => window.showCameraAt('publisher', width), THUMBNAIL_WIDTH);
    const largest = () => harness.cameraLayers(cid, 'publisher').at(-1)?.rid;
    if (simulcast) await waitFor(() => largest() !== undefined && harness.forwardedCameraLayer(cid, 'viewer', 'publisher') !== largest(), 'a layer below the largest', 60_000, () => `forwarding ${harness.forwardedCameraLayer(cid, 'viewer', 'publisher')} of ${JSON.stringify(harness.cameraLayers(cid, 'publisher'))}`);
    await sleep(3000);
    const before = await videoBytesReceived(viewer);
    const encodedBefore = await videoEncoding(pages[0]!);
    await sleep(MEASURE_MS);
    const bytes = (await videoBytesReceived(viewer)) - before;
    const encoded = await videoEncoding(pages[0]!);
    return {
      bytesPerSecond: Math.round(bytes / (MEASURE_MS / 1000)),
      layer: harness.forwardedCameraLayer(cid, 'viewer', 'publisher'),
      frameWidth: await playing(),
      publisherLayersSent: encoded.layers,
      publisherEncodeMsPerSecond: Math.round(((encoded.encodeSeconds - encodedBefore.encodeSeconds) * 1000) / (MEASURE_MS / 1000)),
    };
  } finally {
    await Promise.all(pages.map((page) => page.context().close()));
    await harness.close();
  }
};

/**
 * The SFU's CPU per forwarded stream and the quality it reports, in a call of three (each forwards camera and
 * microphone to the two others: 12 streams). The SFU runs in this process, so its CPU is this process's, the bench's
 * own driving of the browsers included (little: a few CDP calls). Quality is what one participant's page shows of
 * another's, sampled once a second, with no loss and then with the forwarder dropping 10 % of what it sends them.
 */
const callOfThree = async (browser: Browser, pagesUrl: string) => {
  const harness = await startVideoHarness();
  const callId = 'bench-sfu-three';
  const cid = `default:${callId}`;
  const names = ['ada', 'bob', 'cy'];
  const pages: Page[] = [];
  try {
    for (const name of names) pages.push(await join(browser, pagesUrl, harness, name, callId));
    for (const [index, page] of pages.entries()) {
      for (const other of names.filter((name) => name !== names[index])) {
        await waitFor(async () => (await page.evaluate((id) => (document.getElementById(id) as HTMLVideoElement | null)?.videoWidth ?? 0, `video-${other}`)) > 0, `${other} at ${names[index]}`);
      }
    }
    await sleep(3000);
    const streams = names.length * (names.length - 1) * 2;
    const cpuBefore = process.cpuUsage();
    const wallBefore = performance.now();
    await sleep(MEASURE_MS);
    const cpu = process.cpuUsage(cpuBefore);
    const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);

    const ada = pages[0]!;
    const bobQuality = async () => (await ada.evaluate(() => window.remoteState('bob')))?.connectionQuality ?? 0;
    const sample = async () => {
      const seen: number[] = [];
      for (let i = 0; i < QUALITY_SAMPLES; i++) {
        seen.push(await bobQuality());
        await sleep(1000);
      }
      return seen;
    };
    const withoutLoss = await sample();
    harness.setForwardLoss(cid, 'bob', 0.1);
    const lossStarted = performance.now();
    await waitFor(async () => (await bobQuality()) === 1, 'bob reported poor', 30_000).catch(() => undefined);
    const toPoorMs = performance.now() - lossStarted;
    const withLoss = await sample();
    return { streams, cpuShareOfOneCore: round(cpuShare, 3), cpuPercentOfOneCorePerStream: round((cpuShare * 100) / streams, 2), withoutLoss, withLoss, toPoorMs: Math.round(toPoorMs) };
  } finally {
    await Promise.all(pages.map((page) => page.context().close()));
    await harness.close();
  }
};

const NAMES = ['unspecified', 'poor', 'good', 'excellent'];

const attempt = async <T>(part: () => Promise<T>): Promise<T | { error: string }> => {
  try {
    return await part();
  } catch (error) {
    return { error: (error as Error).message };
  }
};
const counts = (samples: number[]) => Object.fromEntries(NAMES.map((name, value) => [name, samples.filter((sample) => sample === value).length]).filter(([, n]) => n));

/**
 * The stand-in's SFU (no stage: it starts the video stand-in alone, with and without simulcast), with the real video
 * client in Chromium with a fake camera: what a 320 px thumbnail costs its subscriber with and without simulcast, the
 * SFU's CPU per forwarded stream, and the connection quality it reports under 0 % and 10 % loss. The load average is
 * printed beside: on a shared machine it explains most of the spread.
 */
export const sfuBench: Bench = {
  name: 'sfu',
  browser: true,
  stageless: true,
  async run() {
    const pages = await serveStandInPages();
    const browser = await chromium.launch(withFakeMedia(process.env.CHROME_PATH));
    const loadAtStart = loadavg().map((value) => round(value, 1));
    try {
      // Each part on its own: one that cannot finish on a starved machine says so in the results, the others still count.
      const simulcast = await attempt(() => thumbnailBytesPerSecond(browser, pages.baseUrl, true));
      const single = await attempt(() => thumbnailBytesPerSecond(browser, pages.baseUrl, false));
      const three = await attempt(() => callOfThree(browser, pages.baseUrl));
      return {
        loadAverage1m5m15m: { atStart: loadAtStart, atEnd: loadavg().map((value) => round(value, 1)) },
        thumbnail320pxSubscriber: {
          withoutSimulcast: single,
          withSimulcast: simulcast,
          bytesSavedPercent: 'bytesPerSecond' in single && 'bytesPerSecond' in simulcast && single.bytesPerSecond ? round((1 - simulcast.bytesPerSecond / single.bytesPerSecond) * 100, 1) : null,
        },
        ...('error' in three
          ? { callOfThree: three }
          : {
              sfuCpu: { call: 'three participants, camera and microphone', streams: three.streams, shareOfOneCore: three.cpuShareOfOneCore, percentOfOneCorePerForwardedStream: three.cpuPercentOfOneCorePerStream },
              qualityReported: {
                sampledOncePerSecond: QUALITY_SAMPLES,
                at0PercentLoss: counts(three.withoutLoss),
                at10PercentLoss: counts(three.withLoss),
                msFromLossToPoor: three.toPoorMs,
              },
            }),
      };
    } finally {
      await browser.close();
      await pages.close();
    }
  },
};
