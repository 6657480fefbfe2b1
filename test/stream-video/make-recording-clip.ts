// Makes infra/local/stream/video/assets/recording.webm, the clip every stand-in recording serves: two seconds of Chromium's fake camera
// and microphone, recorded with MediaRecorder. Run once: `npx tsx test/stream-video/make-recording-clip.ts`.
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import { findBrowser, machineProbes } from '../../scripts/browser';

const found = findBrowser(machineProbes());
const browser = await chromium.launch({
  executablePath: found && 'path' in found ? found.path : undefined,
  args: ['--headless', '--no-sandbox', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
});
// getUserMedia needs a secure context: a page from 127.0.0.1 is one.
const server = createServer((_req, res) => res.end('<!doctype html><title>clip</title>'));
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
const base64 = await page.evaluate(async () => {
  const stream = await navigator.mediaDevices.getUserMedia({ video: { width: 320, height: 240, frameRate: 15 }, audio: true });
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8,opus', videoBitsPerSecond: 150_000 });
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => chunks.push(event.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  await new Promise((resolve) => setTimeout(resolve, 2000));
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
});
writeFileSync(new URL('../../infra/local/stream/video/assets/recording.webm', import.meta.url), Buffer.from(base64, 'base64'));
await browser.close();
server.close();
