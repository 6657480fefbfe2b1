import { describe, expect, it } from 'vitest';
import type { GroupSession, PublicWorkshop } from '@mentoring/shared';
import { api, postJson } from './support/api';
import { bearer } from './support/auth';
import { coordinatorUser, seededMentor } from './support/members';
import { stageStream } from './support/stream-api';

/**
 * Public workshops (docs/domain.md, "Broadcasting to visitors"): a coordinator makes a workshop public, its call's
 * HLS then starts with go-live (the stage's Stream app's call says so), and a visitor reads it without signing
 * in; everyone else, and anything but a workshop to come, is refused in the documented shape.
 */
/** The call's settings as the stage's Stream app has them. */
const callSettings = async (id: string) => (await (await stageStream()).video.call('livestream', `g-${id}`).get()).call.settings;

type Answer<T> = { status: number; body: T & { error?: { code: string; message: string; reason?: string } } };
const send = async <T>(method: string, path: string, token: string | undefined, body?: unknown): Promise<Answer<T>> => {
  const response = await api(path, { method, headers: { ...(token ? bearer(token) : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as Answer<T>['body'] };
};

const inThreeDays = () => new Date(Math.ceil((Date.now() + 3 * 86_400_000) / (15 * 60_000)) * 15 * 60_000).toISOString();
const schedule = async (token: string, kind: 'workshop' | 'open_circle') => {
  const response = await postJson(
    '/api/group-sessions',
    { kind, title: 'Reading a compiler', description: 'Pass by pass.', topics: ['Job search and interviews'], startsAt: inThreeDays(), durationMinutes: 60, capacity: 5, audience: 'all', coHostIds: [], speakerIds: [] },
    bearer(token),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as GroupSession;
};

describe('public workshops', () => {
  it('a coordinator makes a workshop public: its call broadcasts with go-live, and a visitor reads it without signing in', async () => {
    const [mentor, coordinator] = await Promise.all([seededMentor('Grace Host'), coordinatorUser()]);
    const made = await schedule(mentor.idToken, 'workshop');
    expect(made.public).toBe(false);
    expect((await send('GET', `/api/public/workshops/${made.id}`, undefined)).status).toBe(404);
    // Made without a broadcast: its host is offered none until the workshop is public.
    expect(await callSettings(made.id)).toMatchObject({ broadcasting: { enabled: false, hls: { enabled: false } } });

    const turned = await send<GroupSession>('PUT', `/api/group-sessions/${made.id}/public`, coordinator.idToken, { public: true });
    expect(turned.status).toBe(200);
    expect(turned.body).toMatchObject({ id: made.id, public: true });
    expect(await callSettings(made.id)).toMatchObject({ broadcasting: { enabled: true, hls: { enabled: true, auto_on: true } } });
    // Again: the same answer, no second change.
    expect((await send<GroupSession>('PUT', `/api/group-sessions/${made.id}/public`, coordinator.idToken, { public: true })).body.public).toBe(true);

    const seen = await send<PublicWorkshop>('GET', `/api/public/workshops/${made.id}`, undefined);
    expect(seen.status).toBe(200);
    // Not live yet: nothing to play; nobody's id leaves.
    expect(seen.body).toEqual({ id: made.id, title: 'Reading a compiler', description: 'Pass by pass.', startsAt: made.startsAt, durationMinutes: 60, state: 'scheduled', hostName: 'Grace Host', broadcast: null });

    const back = await send<GroupSession>('PUT', `/api/group-sessions/${made.id}/public`, coordinator.idToken, { public: false });
    expect(back.body.public).toBe(false);
    expect((await send('GET', `/api/public/workshops/${made.id}`, undefined)).status).toBe(404);
  });

  it('refuses a member who is not a coordinator, a malformed body, an open circle and a cancelled workshop, in the documented shape', async () => {
    const [mentor, coordinator] = await Promise.all([seededMentor('Grace Host'), coordinatorUser()]);
    const made = await schedule(mentor.idToken, 'workshop');
    const byHost = await send('PUT', `/api/group-sessions/${made.id}/public`, mentor.idToken, { public: true });
    expect(byHost.status).toBe(403);
    expect(byHost.body.error).toMatchObject({ code: 'forbidden' });
    expect((await send('PUT', `/api/group-sessions/${made.id}/public`, undefined, { public: true })).status).toBe(401);
    const malformed = await send('PUT', `/api/group-sessions/${made.id}/public`, coordinator.idToken, { public: 'yes' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error).toMatchObject({ code: 'validation_failed' });
    expect((await send('PUT', '/api/group-sessions/not-a-uuid/public', coordinator.idToken, { public: true })).status).toBe(400);
    expect((await send('GET', '/api/public/workshops/not-a-uuid', undefined)).status).toBe(400);

    const circle = await schedule(mentor.idToken, 'open_circle');
    const refused = await send('PUT', `/api/group-sessions/${circle.id}/public`, coordinator.idToken, { public: true });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'validation_failed' });

    expect((await postJson(`/api/group-sessions/${made.id}/cancel`, { reason: 'The host is ill.' }, bearer(mentor.idToken))).status).toBe(200);
    const over = await send('PUT', `/api/group-sessions/${made.id}/public`, coordinator.idToken, { public: true });
    expect(over.status).toBe(409);
    expect(over.body.error).toMatchObject({ code: 'conflict', reason: 'ended' });
    // Nothing half-stored: still private.
    expect((await send<GroupSession>('GET', `/api/group-sessions/${made.id}`, coordinator.idToken)).body.public).toBe(false);
  });
});
