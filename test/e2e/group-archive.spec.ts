import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { axeAtBothWidths } from './axe';
import { call, makePair, signedInPage } from './pairs';
import { localStageInfo } from './support';
import { streamSignature } from '../support/stream';

/*
 * After a recorded workshop (no browser in its call: its webhooks, signed as the stand-in signs them, carry the
 * recording and transcript, which the stage archives from a file host of this test's), a mentee who had a place finds
 * them on the session's page and among her past calls. Axe and screenshots at 1280 and 375 px.
 */
test('a mentee who had a place in a recorded workshop finds its recording and transcript on its page and among her past calls', async ({ browser, request }) => {
  test.setTimeout(90_000);
  const info = localStageInfo();
  if (info.stream.mode !== 'stand-in') throw new Error('This spec signs webhooks with the stand-in’s secret: run it on the local stage with the stand-in.');
  const { secret, apiKey } = info.stream;
  const { grace, ada, coordinator } = await makePair(request);
  const topic = ((await call(request, coordinator, 'GET', '/api/programme')).topics as string[])[0]!;
  const startsAt = new Date(Math.ceil((Date.now() + 2 * 3_600_000) / 900_000) * 900_000).toISOString();
  const workshop = await call(request, grace, 'POST', '/api/group-sessions', {
    kind: 'workshop', title: 'Reading a stack trace', description: 'Where an error came from, line by line.', topics: [topic],
    startsAt, durationMinutes: 45, capacity: 10, audience: 'all', coHostIds: [], speakerIds: [],
  });
  const id = workshop.id as string;
  await call(request, ada, 'POST', `/api/group-sessions/${id}/sign-up`);

  const clip = readFileSync(new URL('../../infra/local/stream/video/assets/recording.webm', import.meta.url));
  const transcript = [
    { type: 'speech', speaker_id: grace.sub, text: 'Start at the top: the error says what broke.', start_time: '00:00:01', stop_time: '00:00:04' },
    { type: 'speech', speaker_id: ada.sub, text: 'And the first line of ours is where we look?', start_time: '00:00:05', stop_time: '00:00:08' },
  ].map((line) => `${JSON.stringify(line)}\n`).join('');
  const files = createServer((req, res) => {
    if (req.url === '/rec.webm') return res.writeHead(200, { 'content-type': 'video/webm', 'content-length': clip.length }).end(clip);
    if (req.url === '/transcript.jsonl') return res.writeHead(200, { 'content-length': Buffer.byteLength(transcript) }).end(transcript);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve));
  const filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const cid = `livestream:g-${id}`;
  const at = (seconds: number) => new Date(Date.now() - 900_000 + seconds * 1000).toISOString();
  const deliver = async (payload: Record<string, unknown>) => {
    const body = JSON.stringify({ call_cid: cid, ...payload });
    const response = await request.post('/api/webhooks/stream', {
      data: body,
      headers: { 'content-type': 'application/json', 'x-webhook-id': randomUUID(), 'x-api-key': apiKey, 'x-signature': streamSignature(body, secret) },
    });
    expect(response.status(), `${payload.type as string}: ${await response.text()}`).toBe(202);
  };
  const callSession = `s-${randomUUID()}`;
  try {
    await deliver({ type: 'call.created', created_at: at(0), call: { cid, created_by: { id: grace.sub }, created_at: at(0) }, members: [{ user_id: grace.sub, role: 'host' }, { user_id: ada.sub, role: 'user' }] });
    await deliver({ type: 'call.live_started', created_at: at(10) });
    await deliver({ type: 'call.recording_ready', created_at: at(600), call_recording: { filename: 'rec_livestream.webm', url: `${filesUrl}/rec.webm`, start_time: at(15), end_time: at(590), session_id: callSession } });
    await deliver({ type: 'call.transcription_ready', created_at: at(600), call_transcription: { filename: 'transcript.jsonl', url: `${filesUrl}/transcript.jsonl`, start_time: at(15), end_time: at(590), session_id: callSession } });
    await deliver({ type: 'call.ended', created_at: at(600) });

    const page = await signedInPage(browser, ada, `/group-sessions/${id}`);
    const archive = page.getByRole('region', { name: 'Recording and transcript' });
    await expect(async () => {
      await page.reload();
      await expect(archive.getByLabel('Recording rec_livestream.webm')).toBeVisible({ timeout: 2000 });
      await expect(archive.getByText('And the first line of ours is where we look?')).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 45_000 });
    await expect(archive.getByText('Start at the top: the error says what broke.')).toBeVisible();
    await expect(archive.getByRole('link', { name: 'Download recording' })).toBeVisible();
    await axeAtBothWidths(page, 'group-session-archive');

    // The same entry among her past calls, with the way back to the session.
    await archive.getByRole('link', { name: 'All your past calls' }).click();
    await expect(page).toHaveURL(/\/calls\/past/);
    const entry = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'The group session’s page' }) });
    await expect(entry.getByLabel('Recording rec_livestream.webm')).toBeVisible({ timeout: 15_000 });
    await expect(entry.getByRole('link', { name: 'The group session’s page' })).toHaveAttribute('href', `/group-sessions/${id}`);
    await axeAtBothWidths(page, 'past-calls-group-session');
  } finally {
    await new Promise<void>((resolve) => files.close(() => resolve()));
  }
});
