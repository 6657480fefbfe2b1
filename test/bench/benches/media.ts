import { chromium } from '@playwright/test';
import { StreamClient } from '@stream-io/node-sdk';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { speakToWav, startVideoHarness, TEST_SECRET } from '../../../infra/local/stream';
import { withFakeMedia } from '../../e2e/playwright.config';
import type { Bench } from '../run';
import { percentile, round } from '../stats';
import { childrenCpuSeconds } from '../support/process-cpu';
import { joinStandInCall, sleep, waitFor } from '../support/stand-in-calls';
import { serveStandInPages } from '../support/stand-in-pages';

const SENTENCE = 'we will meet again next week to talk about the project';
const MEASURE_MS = 30_000;

interface CaptionSeen {
  speaker_id: string;
  text: string;
  start_time: string;
  end_time: string;
  /** Date.now() on the listener's page when the caption arrived (the same machine's clock as the SFU's). */
  arrivedAt: number;
}

const summary = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? { p50: Math.round(percentile(sorted, 50)), p95: Math.round(percentile(sorted, 95)), n: sorted.length } : null;
};

/**
 * The call's own media on the stand-in: a call of two in Chromium, one speaking a sentence (espeak-ng, looped by the
 * fake microphone), the other listening, recorded and captioned for 30 s. The SFU's CPU is this process's (the
 * stand-in runs in it) plus its children's (the recorder's ffmpeg, each utterance's decoder and pocketsphinx), both
 * as a share of one core from the recording's start until its file is composed. The delay to a caption is from the utterance's start (its first word)
 * and from its end (its last word), as the SFU timed them, to the caption's arrival at the listener.
 */
export const mediaBench: Bench = {
  name: 'media',
  browser: true,
  stageless: true,
  async run() {
    const wav = speakToWav(SENTENCE, join(tmpdir(), `bench-media-${process.pid}.wav`));
    const pages = await serveStandInPages();
    const browser = await chromium.launch(withFakeMedia(process.env.CHROME_PATH, `--use-file-for-fake-audio-capture=${wav}`));
    const harness = await startVideoHarness();
    const loadAtStart = loadavg().map((value) => round(value, 1));
    const callId = `bench-media-${Date.now()}`;
    const cid = `default:${callId}`;
    try {
      const speaker = await joinStandInCall(browser, pages.baseUrl, harness, 'speaker', callId);
      const listener = await joinStandInCall(browser, pages.baseUrl, harness, 'listener', callId);
      await listener.evaluate(() => window.callHandle!.microphone.disable());
      await listener.evaluate(() => {
        const seen: CaptionSeen[] = [];
        (window as unknown as { captionsSeen: CaptionSeen[] }).captionsSeen = seen;
        window.callHandle!.on('call.closed_caption', (event) => {
          seen.push({ ...(event as unknown as { closed_caption: Omit<CaptionSeen, 'arrivedAt'> }).closed_caption, arrivedAt: Date.now() });
        });
      });
      await waitFor(async () => (await listener.evaluate(() => window.callHandle!.state.participants.length)) === 2, 'both in the call');
      await sleep(2000);

      const server = new StreamClient(harness.apiKey, TEST_SECRET, { basePath: harness.baseUrl });
      const call = server.video.call('default', callId);
      const cpuBefore = process.cpuUsage();
      const childrenBefore = childrenCpuSeconds();
      const started = performance.now();
      await call.startRecording({ recording_type: 'composite' });
      await call.startClosedCaptions();
      await sleep(MEASURE_MS);
      await call.stopClosedCaptions();
      await call.stopRecording({ recording_type: 'composite' });
      const recordedMs = performance.now() - started;
      // The recorder's ffmpeg composes the file after the stop: its CPU counts once it has exited.
      await waitFor(() => harness.webhooks.some((w) => w.call_cid === cid && (w.type === 'call.recording_ready' || w.type === 'call.recording_failed')), 'the recording', 120_000);
      const composedMs = performance.now() - started;
      const sfuCpu = process.cpuUsage(cpuBefore);
      const childrenCpu = childrenCpuSeconds() - childrenBefore;

      const captions = (await listener.evaluate(() => (window as unknown as { captionsSeen: CaptionSeen[] }).captionsSeen)).filter((c) => c.speaker_id === 'speaker');
      const words = new Set(SENTENCE.split(' '));
      const heard = captions.flatMap((c) => c.text.toLowerCase().split(/\s+/)).filter((word) => words.has(word));
      await speaker.context().close();
      await listener.context().close();
      return {
        loadAverage1m5m15m: { atStart: loadAtStart, atEnd: loadavg().map((value) => round(value, 1)) },
        call: 'two participants, camera and microphone; one speaks, the other listens; recorded and captioned',
        recordedSeconds: round(recordedMs / 1000, 1),
        recordingComposedAfterStopSeconds: round((composedMs - recordedMs) / 1000, 1),
        recordingReady: harness.webhooks.some((w) => w.call_cid === cid && w.type === 'call.recording_ready'),
        cpuShareOfOneCore: {
          sfuProcess: round((sfuCpu.user + sfuCpu.system) / 1000 / composedMs, 3),
          recorderAndRecogniser: round((childrenCpu * 1000) / composedMs, 3),
        },
        captions: captions.length,
        wordsOfTheSentenceHeard: heard.length,
        msToCaptionFromUtteranceStart: summary(captions.map((c) => c.arrivedAt - Date.parse(c.start_time))),
        msToCaptionFromUtteranceEnd: summary(captions.map((c) => c.arrivedAt - Date.parse(c.end_time))),
      };
    } finally {
      await browser.close();
      await harness.close();
      await pages.close();
    }
  },
};
