import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StreamClient } from '@stream-io/node-sdk';
import { expect, test } from '@playwright/test';
import { useCallStage } from './call-stage';
import { speakToWav, TEST_SECRET } from '../../infra/local/stream';
import { chromiumExecutable, withFakeMedia } from '../e2e/playwright.config';

/**
 * The stand-in records and hears the call. Recording: the SFU composes the cameras and microphones into one WebM of the
 * recording's length. Hearing: Chromium's fake microphone says a sentence (espeak-ng, looped), the SFU recognises it,
 * and the other participant's video client shows it as closed captions under the speaker's id; a transcription of the
 * same call holds it.
 */
const SENTENCE = 'we will meet again next week to talk about the project';
const spokenWords = new Set(SENTENCE.split(' ').filter((word) => word.length >= 4));
const wav = speakToWav(SENTENCE, join(tmpdir(), `stream-video-speech-${process.pid}.wav`));
test.use({ launchOptions: withFakeMedia(chromiumExecutable, `--use-file-for-fake-audio-capture=${wav}`) });

const stage = useCallStage();

const heardWords = (text: string) => text.toLowerCase().split(/\s+/).filter((word) => spokenWords.has(word));

test('captions and a transcript of what a participant says', async ({ browser }) => {
  const callId = `speech-${Date.now()}`;
  const alice = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await stage.join(alice, 'alice', callId);
  await stage.join(bob, 'bob', callId);
  // Bob listens only: his fake microphone says the same sentence.
  await bob.evaluate(() => window.callHandle!.microphone.disable());

  await bob.evaluate(() => window.callHandle!.startClosedCaptions());
  await expect.poll(() => alice.evaluate(() => window.callHandle!.state.captioning)).toBe(true);
  await bob.evaluate(() => window.callHandle!.startTranscription());
  // Keep every caption: the client shows each for 2.7 s only.
  await bob.evaluate(() => {
    const seen: { speaker_id: string; text: string }[] = [];
    (window as unknown as { captionsSeen: typeof seen }).captionsSeen = seen;
    window.callHandle!.on('call.closed_caption', (event) => seen.push((event as unknown as { closed_caption: { speaker_id: string; text: string } }).closed_caption));
  });
  const seen = () => bob.evaluate(() => (window as unknown as { captionsSeen: { speaker_id: string; text: string }[] }).captionsSeen);
  await expect.poll(async () => (await seen()).filter((c) => c.speaker_id === 'alice' && heardWords(c.text).length > 0).length, { timeout: 60_000 }).toBeGreaterThan(0);
  // The client's own state holds them, as the product's captions read them.
  expect((await seen()).every((c) => c.speaker_id === 'alice')).toBe(true);

  await bob.evaluate(() => window.callHandle!.stopTranscription());
  await bob.evaluate(() => window.callHandle!.stopClosedCaptions());
  await expect.poll(() => alice.evaluate(() => window.callHandle!.state.captioning)).toBe(false);
  const cid = `default:${callId}`;
  await expect.poll(() => stage.harness.webhooks.some((w) => w.type === 'call.transcription_ready' && w.call_cid === cid)).toBe(true);
  const ready = stage.harness.webhooks.find((w) => w.type === 'call.transcription_ready' && w.call_cid === cid) as unknown as { call_transcription: { url: string } };
  const lines = (await (await fetch(ready.call_transcription.url)).text()).trim().split('\n').map((line) => JSON.parse(line) as { speaker_id: string; text: string; start_time: string; stop_time: string });
  expect(lines.length).toBeGreaterThan(0);
  expect(lines.filter((line) => line.speaker_id === 'alice').flatMap((line) => heardWords(line.text)).length).toBeGreaterThan(0);
  for (const line of lines) expect(Date.parse(line.stop_time)).toBeGreaterThanOrEqual(Date.parse(line.start_time));

  await alice.evaluate(() => window.callHandle!.leave());
  await bob.evaluate(() => window.callHandle!.leave());
});

/** The recording's duration in seconds, two frames of it (grey, tiny) and its loudest audio in dB, as ffmpeg measures them. */
const measure = (file: string) => {
  const duration = Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString().trim());
  const frameAt = (seconds: number) =>
    execFileSync('ffmpeg', ['-loglevel', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-vf', 'scale=64:36,format=gray', '-f', 'rawvideo', 'pipe:1']);
  // volumedetect reports on stderr
  const volume = spawnSync('ffmpeg', ['-hide_banner', '-i', file, '-vn', '-af', 'volumedetect', '-f', 'null', '-']).stderr.toString();
  const maxVolume = Number(/max_volume: (-?[\d.]+) dB/.exec(volume)?.[1] ?? -Infinity);
  return { duration, frames: [frameAt(2), frameAt(duration - 2)], maxVolume };
};

test('a recording of the call itself: its length, a picture that moves, and sound', async ({ browser }) => {
  test.setTimeout(300_000);
  const callId = `recording-${Date.now()}`;
  const alice = await (await browser.newContext()).newPage();
  const bob = await (await browser.newContext()).newPage();
  await stage.join(alice, 'alice', callId);
  await stage.join(bob, 'bob', callId);
  await expect.poll(() => bob.evaluate(() => window.remoteState('alice')?.publishedTracks.length ?? 0)).toBeGreaterThanOrEqual(2);

  // Started and stopped as the product's functions do, with the node SDK (the browser client gives up after 5 s, which a
  // loaded machine can take).
  const server = new StreamClient(stage.harness.apiKey, TEST_SECRET, { basePath: stage.harness.baseUrl, timeout: 60_000 }).video.call('default', callId);
  await server.startRecording({ recording_type: 'composite' });
  await alice.waitForTimeout(10_000); // about the length of the call recorded
  await server.stopRecording({ recording_type: 'composite' });
  // Composing takes a core for a while: the browsers leave first.
  await alice.evaluate(() => window.callHandle!.leave());
  await bob.evaluate(() => window.callHandle!.leave());
  await Promise.all(browser.contexts().map((context) => context.close()));

  const cid = `default:${callId}`;
  await expect.poll(() => stage.harness.webhooks.some((w) => w.type === 'call.recording_ready' && w.call_cid === cid), { timeout: 180_000 }).toBe(true);
  const ready = stage.harness.webhooks.find((w) => w.type === 'call.recording_ready' && w.call_cid === cid) as unknown as { call_recording: { url: string; start_time: string; end_time: string } };
  // The recording's length is from its start to its stop as the stand-in saw them (a loaded machine delays requests).
  const recordedMs = Date.parse(ready.call_recording.end_time) - Date.parse(ready.call_recording.start_time);
  expect(recordedMs).toBeGreaterThanOrEqual(10_000);
  const file = join(tmpdir(), `${callId}.webm`);
  writeFileSync(file, Buffer.from(await (await fetch(ready.call_recording.url)).arrayBuffer()));
  const { duration, frames, maxVolume } = measure(file);
  expect(Math.abs(duration * 1000 - recordedMs)).toBeLessThan(1000);
  expect(frames[0]!.length).toBe(64 * 36);
  expect(frames[0]!.equals(frames[1]!)).toBe(false);
  expect(maxVolume).toBeGreaterThan(-50);
});

/** What ffprobe reads of an HLS playlist over HTTP: each stream's codec and picture width (not synchronously: the stand-in serving it runs in this process). */
const probeStreams = async (playlistUrl: string) => {
  const { stdout } = await promisify(execFile)('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_type,codec_name,width', '-of', 'json', playlistUrl], { timeout: 60_000 });
  return (JSON.parse(stdout) as { streams: { codec_type: string; codec_name: string; width?: number }[] }).streams;
};

test('an HLS broadcast of the call: a live playlist of segments that ffprobe reads, ended when it stops', async ({ browser }) => {
  test.setTimeout(180_000);
  const callId = `broadcast-${Date.now()}`;
  const alice = await (await browser.newContext()).newPage();
  await stage.join(alice, 'alice', callId);
  const server = new StreamClient(stage.harness.apiKey, TEST_SECRET, { basePath: stage.harness.baseUrl, timeout: 60_000 }).video.call('default', callId);
  // A default call does not broadcast (its settings, as Stream's defaults); the server turns HLS on for this one.
  await expect(server.startHLSBroadcasting()).rejects.toThrow(/disabled/);
  await server.update({ settings_override: { broadcasting: { enabled: true, hls: { enabled: true, quality_tracks: ['720p'] } } } });
  const { playlist_url } = await server.startHLSBroadcasting();
  expect(playlist_url).toBe(`${stage.harness.baseUrl}/video/hls/default/${callId}/index.m3u8`);
  const cid = `default:${callId}`;
  await expect.poll(() => stage.harness.webhooks.some((w) => w.type === 'call.hls_broadcasting_started' && w.call_cid === cid && w.hls_playlist_url === playlist_url), { timeout: 60_000 }).toBe(true);
  const segments = async () => ((await (await fetch(playlist_url)).text()).match(/^segment-\d+\.ts$/gm) ?? []).length;
  await expect.poll(segments, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
  const response = await fetch(playlist_url, { headers: { origin: 'http://visitor.example' } });
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
  const streams = await probeStreams(playlist_url);
  expect(streams).toEqual(expect.arrayContaining([expect.objectContaining({ codec_type: 'video', codec_name: 'h264', width: 640 }), expect.objectContaining({ codec_type: 'audio', codec_name: 'aac' })]));
  expect((await alice.evaluate(() => window.callHandle!.state.egress?.hls?.playlist_url))).toBe(playlist_url);

  await server.stopHLSBroadcasting();
  await expect.poll(() => stage.harness.webhooks.some((w) => w.type === 'call.hls_broadcasting_stopped' && w.call_cid === cid)).toBe(true);
  await expect.poll(async () => (await (await fetch(playlist_url)).text()).trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true);
  await alice.evaluate(() => window.callHandle!.leave());
});
