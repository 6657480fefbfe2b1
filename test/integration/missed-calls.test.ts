import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPage } from '@mentoring/shared';
import { startTestStandIn } from '../support/stream-stand-in';
import { api, baseUrl } from './support/api';
import { bearer } from './support/auth';
import { seededMentee, seededMentor } from './support/members';
import { stageStreamCredentials } from './support/stream-secret';

/**
 * Missed calls: a Stream stand-in in this process, signing with the stage's Stream secret (from Secrets Manager where
 * the stage is reached as deployed), ends a ring nobody answered and sends its signed call.missed webhook to the
 * stage's webhook route, as the stage's Stream app would; the bus's missed-call consumer tells the member who was
 * rung in their notifications list, with the page to call back from, and nobody else. A deployed stage's own Stream
 * app rings only in a browser, so its ring is the stand-in's here.
 */

const list = async (token: string) => (await (await api('/api/notifications', { headers: bearer(token) })).json()) as NotificationPage;

const waitFor = async <T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

describe('missed calls', () => {
  let env: Awaited<ReturnType<typeof startTestStandIn>>;

  beforeAll(async () => {
    const credentials = await stageStreamCredentials();
    env = await startTestStandIn({ apiKey: credentials.apiKey, secret: credentials.apiSecret, video: true, webhookUrl: () => `${baseUrl()}/api/webhooks/stream` });
  });

  afterAll(async () => {
    await env?.stop();
  });

  it('a ring nobody answers reaches the rung member’s notifications list from Stream’s call.missed, with the page to call back from', async () => {
    const [grace, ada, linus] = await Promise.all([seededMentor('Grace Hopper'), seededMentee('Ada Lovelace'), seededMentee('Linus Declining')]);
    await env.server.upsertUsers([grace, ada, linus].map((member) => ({ id: member.sub, name: member.name })));
    const id = `missed-${Date.now().toString(36)}`;
    await env.server.video.call('default', id).getOrCreate({
      ring: true,
      data: {
        created_by_id: grace.sub,
        members: [grace, ada, linus].map((member) => ({ user_id: member.sub })),
        settings_override: { ring: { auto_cancel_timeout_ms: 300, incoming_call_timeout_ms: 300 } },
      },
    });
    // Linus declines before the ring ends, so only Ada missed it.
    // As Linus's browser declines (the node SDK has no reject).
    const declined = await fetch(`${env.standIn.url}/video/call/default/${id}/reject?api_key=${env.apiKey}`, {
      method: 'POST',
      headers: { authorization: env.userToken(linus.sub), 'stream-auth-type': 'jwt', 'content-type': 'application/json' },
      body: JSON.stringify({ reason: 'decline' }),
    });
    expect(declined.status).toBe(201);

    const notification = await waitFor(async () => (await list(ada.idToken)).notifications.find((each) => each.kind === 'call'), 'the missed call in Ada’s list');
    expect(notification).toMatchObject({ kind: 'call', text: 'You missed a call from Grace Hopper', link: '/calls', readAt: null });
    expect((await list(ada.idToken)).unread).toBe(1);
    await env.standIn.webhooksSettled();
    // Neither the caller nor the member who declined is told they missed it.
    expect((await list(grace.idToken)).notifications.filter((each) => each.kind === 'call')).toEqual([]);
    expect((await list(linus.idToken)).notifications.filter((each) => each.kind === 'call')).toEqual([]);
  });
});
