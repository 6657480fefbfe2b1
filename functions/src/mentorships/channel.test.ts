import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startStreamRecorder, type StreamRecorder } from '#testing/stream-recorder';
import type { MentorshipRecord } from './repository';
import { resetStreamClient, syncChannel } from './channel';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const record = (state: MentorshipRecord['state']) => ({ id: ID, state, mentorId: 'mentor-sub', menteeId: 'mentee-sub', activatedAt: '2026-01-01T00:00:00.000Z' }) as MentorshipRecord;

let recorder: StreamRecorder;
beforeAll(async () => {
  recorder = await startStreamRecorder();
  Object.assign(process.env, { STREAM_API_KEY: 'key', STREAM_API_SECRET: 'secret', STREAM_BASE_URL: recorder.url });
});
afterAll(() => recorder.close());
beforeEach(() => {
  recorder.clear();
  resetStreamClient();
});

const summary = () => recorder.requests().map(({ method, path }) => `${method} ${path}`);

describe('the pair\'s Stream channel (requests checked at the network boundary)', () => {
  it('creates the private channel with both members, posts the start message and keeps it open', async () => {
    await syncChannel(record('ACTIVE'), { type: 'accept', reason: null, version: 2 });
    expect(summary()).toEqual([
      'POST /api/v2/users',
      `POST /api/v2/chat/channels/messaging/${ID}/query`,
      `PATCH /api/v2/chat/channels/messaging/${ID}`,
      `GET /api/v2/chat/channels/messaging/${ID}/messages`,
      `POST /api/v2/chat/channels/messaging/${ID}/message`,
    ]);
    const [users, create, open, lookup, message] = recorder.requests();
    expect(users!.body).toMatchObject({ users: { 'mentoring-programme': { id: 'mentoring-programme', role: 'admin' } } });
    expect(create!.body).toMatchObject({
      data: { created_by_id: 'mentoring-programme', members: [{ user_id: 'mentor-sub' }, { user_id: 'mentee-sub' }], custom: { mentorshipId: ID } },
    });
    expect(open!.body).toEqual({ set: { frozen: false } });
    expect(lookup!.query).toMatchObject({ ids: `${ID}-v2` });
    expect(message!.body).toMatchObject({ message: { id: `${ID}-v2`, type: 'system', user_id: 'mentoring-programme', text: expect.stringContaining('has started') } });
    expect(recorder.requests().every((request) => request.query.api_key === 'key')).toBe(true);
  });

  it('posts the message before freezing a suspended or ended channel, and does not upsert the server user twice', async () => {
    await syncChannel(record('SUSPENDED'), { type: 'suspend', reason: null, version: 3 });
    recorder.clear();
    await syncChannel(record('ENDED'), { type: 'end', reason: 'not_a_good_fit', version: 4 });
    expect(summary()).toEqual([
      `POST /api/v2/chat/channels/messaging/${ID}/query`,
      `GET /api/v2/chat/channels/messaging/${ID}/messages`,
      `POST /api/v2/chat/channels/messaging/${ID}/message`,
      `PATCH /api/v2/chat/channels/messaging/${ID}`,
    ]);
    expect(recorder.requests()[2]!.body).toMatchObject({ message: { text: 'This mentorship has ended (Not a good fit). The chat stays here to read.' } });
    expect(recorder.requests()[3]!.body).toEqual({ set: { frozen: true } });
  });

  it('follows the stored state, not the event: a late "suspend" after a resume leaves the channel open', async () => {
    await syncChannel(record('ACTIVE'), { type: 'suspend', reason: null, version: 3 });
    const patches = recorder.requests().filter((request) => request.method === 'PATCH');
    expect(patches.map((patch) => patch.body)).toEqual([{ set: { frozen: false } }]);
  });

  it('keeps an active pair\'s channel frozen, never opening it, while safeguarding holds it (a suspension or a block)', async () => {
    await syncChannel(record('ACTIVE'), { type: 'resume', reason: null, version: 5 }, { held: true });
    const patches = recorder.requests().filter((request) => request.method === 'PATCH');
    expect(patches.map((patch) => patch.body)).toEqual([{ set: { frozen: true } }]);
  });

  it('throws when Stream fails, so the bus retries', async () => {
    recorder.failNext(1, 500);
    await expect(syncChannel(record('ACTIVE'), { type: 'accept', reason: null, version: 2 })).rejects.toThrow();
  });
});
