import { randomUUID } from 'node:crypto';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createGuestInvitation } from '../../functions/src/calls/guest-invitation';
import { api } from './support/api';
import { bearer, newUser } from './support/auth';
import { getItem, tableName } from './support/db';
import { busEvents, busEventsOf } from './support/bus-events';
import { deliverWebhook as deliver } from './support/stream-webhooks';
import { stageBuckets, stageS3 } from './support/s3';
import { stageStream } from './support/stream-api';
import { stageStreamCredentials } from './support/stream-secret';
import { waitFor } from './support/wait-for';


const at = (offsetSeconds = 0) => new Date(Date.now() + offsetSeconds * 1000).toISOString();
const newCid = () => `default:${randomUUID()}`;

const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

describe('guests are invited to one call', () => {
  const guestId = () => `guest-${randomUUID()}`;
  const guestToken = (query: Record<string, string>) => api(`/api/chat/getOrCreateToken?${new URLSearchParams({ isGuest: 'true', ...query })}`);

  it('a member of a call invites a guest, who gets a call token for that call only, with the guest role', async () => {
    const [member, stranger] = await Promise.all([newUser('Inviting Member'), newUser('Stranger')]);
    const cid = newCid();
    const [type, id] = cid.split(':') as [string, string];
    expect((await deliver({
      type: 'call.created',
      call_cid: cid,
      created_at: at(-30),
      call: { cid, created_by: { id: member.sub }, created_at: at(-30) },
      members: [{ user_id: member.sub, role: 'admin' }],
    })).status).toBe(202);
    await waitFor(() => getItem(tableName('calls'), { pk: `CALL#${cid}`, sk: `MEMBER#${member.sub}` }), 'the membership');

    const refused = await api(`/api/calls/${type}/${id}/guest-invitations`, { method: 'POST', headers: bearer(stranger.idToken) });
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('forbidden');
    expect((await api(`/api/calls/${type}/${id}/guest-invitations`, { method: 'POST' })).status).toBe(401);

    const created = await api(`/api/calls/${type}/${id}/guest-invitations`, { method: 'POST', headers: bearer(member.idToken) });
    expect(created.status).toBe(201);
    const invitation = (await created.json()) as { invitation: string; path: string; expiresAt: string };
    expect(invitation.path).toBe(`/join/${type}/${id}#invitation=${invitation.invitation}`);
    const hours = (Date.parse(invitation.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const guest = guestId();
    const answer = await guestToken({ streamChatUuid: guest, invitation: invitation.invitation });
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { token: string; apiKey: string; callCid: string };
    expect(body.callCid).toBe(cid);
    const claims = decodeJwt(body.token);
    expect(claims).toMatchObject({ user_id: guest, role: 'guest', call_cids: [cid] });
    // The guest is a Stream user of the stage's app, with the guest role, invited to that call.
    const { users } = await (await stageStream()).queryUsers({ payload: { filter_conditions: { id: guest } } });
    expect(users.map(({ id: userId, name, role, custom }) => ({ id: userId, name, role, custom }))).toEqual([{ id: guest, name: 'Guest User', role: 'guest', custom: { invitedTo: cid } }]);
  });

  it('refuses a guest without an invitation, or with an expired, tampered or foreign one (401), and issues nothing', async () => {
    const cid = newCid();
    const { apiSecret } = await stageStreamCredentials();
    const expired = createGuestInvitation(apiSecret, { cid, by: 'someone', now: Date.now() - 25 * 3_600_000 }).invitation;
    const valid = createGuestInvitation(apiSecret, { cid, by: 'someone' }).invitation;
    const [version, payload, signature] = valid.split('.') as [string, string, string];
    const otherCall = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), cid: newCid() })).toString('base64url');
    const foreign = createGuestInvitation('not-the-stage-secret', { cid, by: 'someone' }).invitation;
    const cases: [string, Record<string, string>, string][] = [
      ['none', {}, 'A guest needs an invitation'],
      ['expired', { invitation: expired }, 'expired'],
      ['tampered', { invitation: `${version}.${otherCall}.${signature}` }, 'not valid'],
      ['signed elsewhere', { invitation: foreign }, 'not valid'],
    ];
    for (const [name, query, message] of cases) {
      const response = await guestToken({ streamChatUuid: guestId(), ...query });
      expect(response.status, name).toBe(401);
      const body = (await response.json()) as { error: { code: string; message: string }; token?: string };
      expect(body.error.code, name).toBe('unauthenticated');
      expect(body.error.message, name).toContain(message);
      expect(body.token, name).toBeUndefined();
    }
  });
});

describe('webhook hardening', () => {
  it('answers 400 to an X-Webhook-Id over DynamoDB\'s key size, and publishes nothing', async () => {
    const cid = newCid();
    const response = await deliver({ type: 'call.ended', call_cid: cid, created_at: at() }, { id: 'x'.repeat(3000) });
    expect(response.status).toBe(400);
    expect(await errorCode(response)).toBe('validation_failed');
    expect(await busEventsOf(cid)).toEqual([]);
  });

  it('stores a signed body too large for the bus in S3, publishes a reference, and the consumer reads it', async () => {
    const cid = newCid();
    const event = {
      type: 'call.member_added',
      call_cid: cid,
      created_at: at(),
      members: [{ user_id: 'big-member', role: 'user' }],
      call: { custom: { notes: '' } },
    };
    const overhead = Buffer.byteLength(JSON.stringify(event));
    event.call.custom.notes = 'n'.repeat(256 * 1024 - 20 - overhead);
    const body = JSON.stringify(event);
    expect(Buffer.byteLength(body)).toBe(256 * 1024 - 20);
    expect((await deliver(body)).status).toBe(202);

    // The consumer read the stored body: the member it names is in the call.
    await waitFor(() => getItem(tableName('calls'), { pk: `CALL#${cid}`, sk: 'MEMBER#big-member' }), 'the member from the stored event');
    const ours = await waitFor(async () => (await busEvents()).find((sent) => sent['detail-type'] === 'call.member_added' && sent.detail.storedDetail?.key.startsWith('webhook-events/') && !sent.detail.call_cid), 'the reference on the bus');
    // Through S3's API, in the archive bucket the stack outputs name.
    const s3 = stageS3();
    const stored = await s3.send(new GetObjectCommand({ Bucket: stageBuckets().archive, Key: ours.detail.storedDetail!.key }));
    expect(await stored.Body!.transformToString()).toBe(body);
    s3.destroy();
  });

  it('publishes the same signed body once, whatever webhook id it comes under, and ignores a stale one', async () => {
    const cid = newCid();
    const body = JSON.stringify({ type: 'call.ended', call_cid: cid, created_at: at() });
    const first = await deliver(body);
    const replay = await deliver(body);
    expect(first.status).toBe(202);
    expect(await first.json()).toEqual({ accepted: true, duplicate: false });
    expect(replay.status).toBe(202);
    expect(await replay.json()).toEqual({ accepted: true, duplicate: true });

    const staleCid = newCid();
    const stale = await deliver({ type: 'call.ended', call_cid: staleCid, created_at: at(-2 * 3600) });
    expect(stale.status).toBe(202);
    expect(await stale.json()).toEqual({ accepted: false, duplicate: false, stale: true });
    await waitFor(async () => ((await busEventsOf(cid)).length ? true : undefined), 'the event');
    expect(await busEventsOf(cid)).toHaveLength(1);
    expect(await busEventsOf(staleCid)).toHaveLength(0);
  });
});
