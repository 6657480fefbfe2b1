import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OggParser } from 'werift/nonstandard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallListener } from './call-listener';
import { oggOpus, type OpusPacket } from './ogg-opus';
import { mediaTools, recognise, speakToWav, UNRECOGNISED } from './recogniser';
import { UtteranceSplitter, type Utterance } from './utterances';

/**
 * The SFU's ear, on this machine's ffmpeg and pocketsphinx (which `npm test` installs): a sentence spoken by espeak-ng,
 * encoded to Opus as a browser sends it, split into utterances by level and recognised.
 */
const SENTENCE = 'we will meet again next week to talk about the project';
let dir: string;
let packets: OpusPacket[];
let levels: number[];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'speech-test-'));
  const wav = join(dir, 'spoken.wav');
  speakToWav(SENTENCE, wav);
  // Twice, with the silence around it: two utterances. At a voice call's bitrate (32 kb/s) every packet is under 255
  // bytes, so each Ogg segment below is one whole packet; at ffmpeg's default a packet spans two segments, and the
  // halves made garbled audio that pocketsphinx heard as other words from run to run.
  const ogg = join(dir, 'spoken.ogg');
  execFileSync('ffmpeg', ['-loglevel', 'error', '-stream_loop', '1', '-i', wav, '-c:a', 'libopus', '-b:a', '32k', '-frame_duration', '20', '-ac', '2', '-ar', '48000', ogg]);
  const segments = new OggParser().read(readFileSync(ogg)).exportSegments().slice(2); // after OpusHead and OpusTags
  packets = segments.map((payload, i) => ({ payload, timestamp: i * 960 }));
  // The level a browser writes into each packet (RFC 6464, -dBov), from the same audio.
  const pcm = execFileSync('ffmpeg', ['-loglevel', 'error', '-stream_loop', '1', '-i', wav, '-f', 's16le', '-ac', '1', '-ar', '48000', 'pipe:1'], { maxBuffer: 64 << 20 });
  levels = packets.map((_, i) => {
    let sum = 0;
    for (let s = 0; s < 960; s++) sum += ((i * 960 + s) * 2 < pcm.length - 1 ? pcm.readInt16LE((i * 960 + s) * 2) / 32768 : 0) ** 2;
    const rms = Math.sqrt(sum / 960);
    return rms > 0 ? Math.min(127, Math.round(-20 * Math.log10(rms))) : 127;
  });
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the SFU hearing a speaker', () => {
  it('splits speech on its pauses and recognises words of what was said', async () => {
    expect(mediaTools()).toMatchObject({ ffmpeg: expect.any(String), pocketsphinx: expect.any(String) });
    const utterances: Utterance[] = [];
    const splitter = new UtteranceSplitter((u) => utterances.push(u));
    packets.forEach((packet, i) => splitter.push(packet, levels[i], i * 20));
    splitter.flush();
    expect(utterances).toHaveLength(2);
    const [first] = utterances;
    // espeak says the sentence in about 3 s
    expect(first!.endedAt.getTime() - first!.startedAt.getTime()).toBeGreaterThan(2000);
    const text = await recognise(oggOpus(first!.packets));
    const spoken = new Set(SENTENCE.split(' ').filter((word) => word.length >= 4));
    expect(text.split(' ').filter((word) => spoken.has(word)).length, text).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('says "[speech]" where the machine has no recogniser', async () => {
    expect(await recognise(oggOpus(packets.slice(0, 50)), { ffmpeg: 'ffmpeg' })).toBe(UNRECOGNISED);
  });

  it('tells once that the recogniser failed, and hears nothing more (captions and transcription then fail)', async () => {
    const failures: Error[] = [];
    const heard: string[] = [];
    const listener = new CallListener((utterance) => heard.push(utterance.text), () => undefined, (error) => failures.push(error), () => Promise.reject(new Error('ffmpeg could not decode an utterance')));
    let push: ((payload: Buffer, timestamp: number, level: number | undefined) => void) | undefined;
    listener.listen('ada', 'session-ada', (listen) => {
      push = listen;
      return () => undefined;
    });
    packets.forEach((packet, i) => push!(packet.payload, packet.timestamp, levels[i]));
    await listener.close();
    expect(failures.map((error) => error.message)).toEqual(['ffmpeg could not decode an utterance']);
    expect(heard).toEqual([]);
  });
});
