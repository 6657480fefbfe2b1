import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StreamChat, type OwnUserResponse } from 'stream-chat';
import { connectError, nextEvent, startTestStandIn } from '../support/stream-stand-in';

/**
 * The local Stream stand-in's chat contract, driven by the real SDKs: stream-chat as the SPA uses it (a socket
 * per member, the channel, messages, threads, reactions, read state) and @stream-io/node-sdk as the functions
 * use it (users, the pair's channel, system messages, freezing, deactivation). No mocks: what the SDKs accept here
 * is what they would accept from Stream.
 */
describe('the local Stream stand-in (chat)', () => {
  let env: Awaited<ReturnType<typeof startTestStandIn>>;
  let alice: StreamChat;
  let bob: StreamChat;
  const channelId = 'mentorship-1';

  beforeAll(async () => {
    env = await startTestStandIn();
    await env.server.upsertUsers([
      { id: 'programme', name: 'Programme', role: 'admin' },
      { id: 'alice', name: 'Alice', role: 'user', custom: { mentoringRole: 'mentor' } },
      { id: 'bob', name: 'Bob', role: 'user' },
      { id: 'mallory', name: 'Mallory', role: 'user' },
    ]);
    // As functions/src/mentorships/channel.ts makes the pair's channel.
    await env.server.chat.channel('messaging', channelId).getOrCreate({
      data: { created_by_id: 'programme', members: [{ user_id: 'alice' }, { user_id: 'bob' }], custom: { mentorshipId: 'm-1' } },
    });
    alice = await env.connect('alice', 'Alice');
    bob = await env.connect('bob', 'Bob');
  });

  afterAll(async () => {
    await env?.stop();
  });

  it('connects a member with their token and answers who they are', () => {
    expect(alice.userID).toBe('alice');
    expect(alice.wsConnection?.connectionID).toMatch(/\S+/);
    expect(alice.user?.name).toBe('Alice');
    expect((alice.user as OwnUserResponse).total_unread_count).toBe(0);
  });

  it('lists the member’s channels with the filter and sort the SPA uses', async () => {
    const channels = await alice.queryChannels({ type: 'messaging', members: { $in: ['alice'] } }, { last_message_at: -1 }, { watch: true, state: true, presence: true, limit: 20 });
    expect(channels.map((channel) => channel.cid)).toEqual([`messaging:${channelId}`]);
    expect((channels[0]!.data as Record<string, unknown> | undefined)?.mentorshipId).toBe('m-1');
    expect(Object.keys(channels[0]!.state.members).sort()).toEqual(['alice', 'bob']);
    expect(await env.connect('mallory').then((mallory) => mallory.queryChannels({ type: 'messaging' }))).toEqual([]);
  });

  it('delivers A’s message to B over the socket, and counts it unread for B', async () => {
    const aliceChannel = alice.channel('messaging', channelId);
    const bobChannel = bob.channel('messaging', channelId);
    await Promise.all([aliceChannel.watch(), bobChannel.watch()]);
    const received = nextEvent(bob, 'message.new', (event) => event.message?.text === 'Hello Bob');
    const { message } = await aliceChannel.sendMessage({ text: 'Hello Bob' });
    const event = await received;
    expect(event.message?.id).toBe(message.id);
    expect(event.user?.id).toBe('alice');
    expect(event.total_unread_count).toBe(1);
    expect(bobChannel.state.messages.map((m) => m.text)).toContain('Hello Bob');
    expect(bobChannel.countUnread()).toBe(1);
  });

  it('keeps the read state: B reads, A sees the receipt, the unread counts go back to 0', async () => {
    const aliceChannel = alice.channel('messaging', channelId);
    const bobChannel = bob.channel('messaging', channelId);
    const receipt = nextEvent(alice, 'message.read', (event) => event.user?.id === 'bob');
    await bobChannel.markRead();
    const event = await receipt;
    expect(event.last_read_message_id).toBe(bobChannel.state.messages.at(-1)!.id);
    expect(aliceChannel.state.read.bob?.unread_messages).toBe(0);
    const { channels } = await (await env.connect('bob')).getUnreadCount();
    expect(channels.find((c) => c.channel_id === `messaging:${channelId}`)?.unread_count).toBe(0);
    const fresh = await env.connect('bob');
    expect((fresh.user as OwnUserResponse).total_unread_count).toBe(0);
  });

  it('counts unread messages in `me` for a member who connects later', async () => {
    await alice.channel('messaging', channelId).sendMessage({ text: 'Are you there?' });
    const later = await env.connect('bob');
    expect((later.user as OwnUserResponse).total_unread_count).toBe(1);
    expect((later.user as OwnUserResponse).unread_channels).toBe(1);
    const [channel] = await later.queryChannels({ cid: `messaging:${channelId}` }, {}, { watch: true, state: true });
    expect(channel!.countUnread()).toBe(1);
    expect(channel!.state.read.bob?.unread_messages).toBe(1);
  });

  it('marks a channel unread from a message, as the message menu does', async () => {
    const bobChannel = bob.channel('messaging', channelId);
    await bobChannel.markRead();
    const fromAlice = bobChannel.state.messages.filter((m) => m.user?.id === 'alice');
    const target = fromAlice.at(-2)!;
    const told = nextEvent(bob, 'notification.mark_unread', (event) => event.cid === bobChannel.cid);
    await bobChannel.markUnread({ message_id: target.id });
    const event = await told;
    expect(event.first_unread_message_id).toBe(target.id);
    expect(event.unread_messages).toBe(2);
    expect(bobChannel.countUnread()).toBe(2);
    expect(((await env.connect('bob')).user as OwnUserResponse).total_unread_count).toBe(2);
    await bobChannel.markRead();
  });

  it('threads a reply under its parent, which B’s client sees in the thread', async () => {
    const aliceChannel = alice.channel('messaging', channelId);
    const bobChannel = bob.channel('messaging', channelId);
    const { message: parent } = await aliceChannel.sendMessage({ text: 'Thread starter' });
    const seen = nextEvent(alice, 'message.new', (event) => event.message?.parent_id === parent.id);
    const { message: reply } = await bobChannel.sendMessage({ text: 'A reply', parent_id: parent.id });
    expect((await seen).message?.text).toBe('A reply');
    const { messages } = await aliceChannel.getReplies(parent.id, { limit: 10 });
    expect(messages.map((m) => m.id)).toEqual([reply.id]);
    const { message: updatedParent } = await alice.getMessage(parent.id);
    expect(updatedParent.reply_count).toBe(1);
    expect(updatedParent.thread_participants?.map((u) => u.id).sort()).toEqual(['alice', 'bob']);
    // A reply stays in its thread: the channel's list does not show it.
    const state = await aliceChannel.query({ messages: { limit: 50 } });
    expect(state.messages.map((m) => m.id)).not.toContain(reply.id);
    await expect(aliceChannel.sendMessage({ text: 'nested', parent_id: reply.id })).rejects.toMatchObject({ code: 21 });
  });

  it('adds and removes a reaction, seen by the other member', async () => {
    const bobChannel = bob.channel('messaging', channelId);
    const target = bobChannel.state.messages.find((m) => m.text === 'Hello Bob')!;
    const added = nextEvent(alice, 'reaction.new', (event) => event.message?.id === target.id);
    const { message } = await bobChannel.sendReaction(target.id, { type: 'love' });
    expect(message.reaction_counts).toEqual({ love: 1 });
    expect(message.own_reactions?.map((r) => r.type)).toEqual(['love']);
    const event = await added;
    expect(event.reaction?.user_id).toBe('bob');
    expect(alice.channel('messaging', channelId).state.findMessage(target.id)?.reaction_groups?.love?.count).toBe(1);
    const removed = nextEvent(alice, 'reaction.deleted', (e) => e.message?.id === target.id);
    await bobChannel.deleteReaction(target.id, 'love');
    expect((await removed).message?.reaction_counts).toEqual({});
  });

  it('edits and deletes a message for everyone watching', async () => {
    const aliceChannel = alice.channel('messaging', channelId);
    const { message } = await aliceChannel.sendMessage({ text: 'typo' });
    const updated = nextEvent(bob, 'message.updated', (event) => event.message?.id === message.id);
    await alice.updateMessage({ id: message.id, text: 'fixed' });
    expect((await updated).message?.text).toBe('fixed');
    const deleted = nextEvent(bob, 'message.deleted', (event) => event.message?.id === message.id);
    await alice.deleteMessage(message.id);
    expect((await deleted).message?.type).toBe('deleted');
    await expect(bob.updateMessage({ id: message.id, text: 'not mine' })).rejects.toMatchObject({ code: 17 });
  });

  it('pages through history with id_lt', async () => {
    const aliceChannel = alice.channel('messaging', channelId);
    const first = await aliceChannel.query({ messages: { limit: 2 } });
    expect(first.messages).toHaveLength(2);
    const before = await aliceChannel.query({ messages: { limit: 2, id_lt: first.messages[0]!.id } });
    expect(before.messages.length).toBeGreaterThan(0);
    expect(String(before.messages.at(-1)!.created_at) < String(first.messages[0]!.created_at)).toBe(true);
  });

  it('tells the watching member when the other comes online and goes', async () => {
    await env.server.upsertUsers([{ id: 'dave', name: 'Dave', role: 'user' }]);
    await env.server.chat.channel('messaging', 'presence').getOrCreate({ data: { created_by_id: 'programme', members: [{ user_id: 'alice' }, { user_id: 'dave' }] } });
    await alice.channel('messaging', 'presence').watch();
    const online = nextEvent(alice, 'user.presence.changed', (event) => event.user?.id === 'dave' && event.user.online === true);
    const dave = await env.connect('dave', 'Dave');
    await online;
    const offline = nextEvent(alice, 'user.presence.changed', (event) => event.user?.id === 'dave' && event.user.online === false);
    await dave.disconnectUser();
    expect((await offline).user?.last_active).toEqual(expect.any(String));
  });

  it('passes typing events to the other member', async () => {
    const typing = nextEvent(bob, 'typing.start', (event) => event.user?.id === 'alice');
    await alice.channel('messaging', channelId).keystroke();
    expect((await typing).cid).toBe(`messaging:${channelId}`);
  });

  it('keeps an upload in the stage’s S3 and serves it back', async () => {
    const aliceChannel = alice.channel('messaging', channelId);
    const { file } = await aliceChannel.sendFile(Buffer.from('notes for our session') as unknown as File, 'notes.txt', 'text/plain');
    const served = await fetch(file);
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('notes for our session');
  });

  it('finds members by name, as the channel search does', async () => {
    // The filter stream-chat's UserSearchSource builds for what the member types.
    const { users } = await alice.queryUsers({ $or: [{ id: { $autocomplete: 'Bo' } }, { name: { $autocomplete: 'Bo' } }] }, { id: 1 }, { limit: 5 });
    expect(users.map((u) => u.id)).toEqual(['bob']);
    const { results } = await alice.search({ members: { $in: ['alice'] } }, { text: { $autocomplete: 'Hello' } }, { limit: 10 });
    expect(results.map((result) => result.message.text)).toEqual(['Hello Bob']);
    const { results: outside } = await (await env.connect('mallory')).search({ members: { $in: ['mallory'] } }, { text: { $autocomplete: 'Hello' } }, { limit: 10 });
    expect(outside).toEqual([]);
  });

  it('adds and removes members (server side), telling the watchers and the member', async () => {
    const server = env.server.chat.channel('messaging', 'members-change');
    await server.getOrCreate({ data: { created_by_id: 'programme', members: [{ user_id: 'alice' }] } });
    const carol = await env.connect('carol', 'Carol');
    await alice.channel('messaging', 'members-change').watch();
    const added = nextEvent(alice, 'member.added', (event) => event.member?.user_id === 'carol');
    const told = nextEvent(carol, 'notification.added_to_channel', (event) => event.channel_id === 'members-change');
    await server.update({ add_members: [{ user_id: 'carol' }] });
    await Promise.all([added, told]);
    expect((await carol.queryChannels({ cid: 'messaging:members-change' })).length).toBe(1);
    const removed = nextEvent(alice, 'member.removed', (event) => event.member?.user_id === 'carol');
    await server.update({ remove_members: ['carol'] });
    await removed;
    expect(await carol.queryChannels({ cid: 'messaging:members-change' })).toEqual([]);
  });

  it('refuses a non-member: no reading, no writing', async () => {
    const mallory = await env.connect('mallory');
    const channel = mallory.channel('messaging', channelId);
    await expect(channel.watch()).rejects.toMatchObject({ code: 17, status: 403 });
    await expect(channel.sendMessage({ text: 'let me in' })).rejects.toMatchObject({ code: 17 });
  });

  it('refuses messages and reactions in a frozen channel, and opens again when unfrozen', async () => {
    const server = env.server.chat.channel('messaging', channelId);
    const updated = nextEvent(bob, 'channel.updated', (event) => event.channel?.frozen === true);
    await server.updateChannelPartial({ set: { frozen: true } });
    await updated;
    const aliceChannel = alice.channel('messaging', channelId);
    expect(aliceChannel.data?.frozen).toBe(true);
    // Stream answers a frozen channel's message with a message of type "error", and keeps nothing.
    const { message } = await aliceChannel.sendMessage({ text: 'while frozen' });
    expect(message.type).toBe('error');
    const { messages } = await server.getManyMessages({ ids: [message.id] });
    expect(messages).toEqual([]);
    const target = aliceChannel.state.messages.find((m) => m.text === 'Hello Bob')!;
    await expect(aliceChannel.sendReaction(target.id, { type: 'like' })).rejects.toMatchObject({ code: 17 });
    // The server still writes (the programme's system messages), then opens the channel again.
    await server.sendMessage({ message: { id: 'system-1', text: 'Resumed', type: 'system', user_id: 'programme' } });
    await server.updateChannelPartial({ set: { frozen: false } });
    expect((await aliceChannel.sendMessage({ text: 'open again' })).message.type).toBe('regular');
  });

  it('refuses bad and expired tokens as Stream does', async () => {
    const badSignature = env.chatClient();
    const forged = env.userToken('alice').replace(/\.[^.]+$/, '.c2lnbmF0dXJl');
    expect(await connectError(badSignature.connectUser({ id: 'alice' }, forged))).toMatchObject({ code: 43, StatusCode: 401 });
    const expired = env.chatClient();
    const past = Math.floor(Date.now() / 1000) - 7200;
    expect(await connectError(expired.connectUser({ id: 'alice' }, env.userToken('alice', { iat: past, exp: past + 60 })))).toMatchObject({ code: 40, StatusCode: 401 });
    const response = await fetch(`${env.standIn.url}/channels?api_key=${env.apiKey}`, {
      method: 'POST',
      headers: { authorization: env.userToken('alice', { iat: past, exp: past + 60 }), 'stream-auth-type': 'jwt', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 40, StatusCode: 401, message: 'QueryChannels failed with error: "JWTAuth error: token is expired (exp)"' });
    const wrongKey = await fetch(`${env.standIn.url}/channels?api_key=other`, { method: 'POST', headers: { authorization: env.userToken('alice') }, body: '{}' });
    expect(await wrongKey.json()).toMatchObject({ code: 2, StatusCode: 401 });
  });

  it('refreshes an expired token through the token provider, as stream-chat does on code 40', async () => {
    const client = env.chatClient();
    const past = Math.floor(Date.now() / 1000) - 7200;
    let calls = 0;
    await client.connectUser({ id: 'alice' }, async () => (calls++ === 0 ? env.userToken('alice', { iat: past, exp: past + 60 }) : env.userToken('alice')));
    expect(client.userID).toBe('alice');
    expect(calls).toBe(2);
  });

  it('disconnects a deactivated user and refuses them until reactivated', async () => {
    const mallory = await env.connect('mallory');
    const closed = new Promise<void>((resolve) => mallory.wsConnection!.ws!.addEventListener('close', () => resolve()));
    await env.server.deactivateUser({ user_id: 'mallory', created_by_id: 'programme' });
    await closed;
    expect(await connectError(env.chatClient().connectUser({ id: 'mallory' }, env.userToken('mallory')))).toMatchObject({ code: 17, StatusCode: 403 });
    await env.server.reactivateUser({ user_id: 'mallory', created_by_id: 'programme', restore_messages: true });
    expect((await env.connect('mallory')).userID).toBe('mallory');
  });

  it('deletes a user with pruning: marked deleted, their messages emptied', async () => {
    await env.server.upsertUsers([{ id: 'leaver', name: 'Leaver', role: 'user' }]);
    await env.server.chat.channel('messaging', 'leaver-channel').getOrCreate({ data: { created_by_id: 'programme', members: [{ user_id: 'leaver' }, { user_id: 'alice' }] } });
    await env.server.chat.channel('messaging', 'leaver-channel').sendMessage({ message: { id: 'from-leaver', text: 'personal', user_id: 'leaver' } });
    const { task_id: taskId } = await env.server.deleteUsers({ user_ids: ['leaver'], user: 'pruning', messages: 'pruning' });
    expect((await env.server.getTask({ id: taskId })).status).toBe('completed');
    const { messages } = await env.server.chat.channel('messaging', 'leaver-channel').getManyMessages({ ids: ['from-leaver'] });
    expect(messages[0]).toMatchObject({ type: 'deleted', text: '' });
    expect(await connectError(env.chatClient().connectUser({ id: 'leaver' }, env.userToken('leaver')))).toMatchObject({ code: 17, StatusCode: 403 });
  });

  it('answers what it does not imitate in Stream’s error shape', async () => {
    const response = await fetch(`${env.standIn.url}/og?api_key=${env.apiKey}`, { headers: { authorization: env.userToken('alice') } });
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 16, StatusCode: 404, message: 'not imitated by the local Stream stand-in: GET /og', more_info: expect.any(String), duration: expect.any(String) });
    const video = await fetch(`${env.standIn.url}/video/calls?api_key=${env.apiKey}`, { method: 'POST' });
    expect(await video.json()).toMatchObject({ message: 'not imitated by the local Stream stand-in: POST /video/calls' });
    expect(env.standIn.notImitated().map(({ method, path }) => `${method} ${path}`)).toEqual(expect.arrayContaining(['GET /og', 'POST /video/calls']));
  });
});

/**
 * A channel's life as stream-chat-js's and stream-node's own suites call it (npm run peer-suites): its creator is its
 * owner, who writes in it, truncates and deletes it; members hide and show it; members are queried; the server deletes,
 * reactivates and restores users and sends a user custom events. What the stand-in does not imitate is refused in
 * Stream's error shape, never ignored.
 */
describe('the local Stream stand-in (channel lifecycle, as the peer suites call it)', () => {
  let env: Awaited<ReturnType<typeof startTestStandIn>>;
  let owner: StreamChat;
  let member: StreamChat;
  let admin: StreamChat;

  /** stream-chat rejects with an Error carrying Stream's `code` and HTTP `status`. */
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(() => undefined, (e: unknown) => e as { code?: number; status?: number; message: string });
    expect(error, 'the call was accepted').toBeDefined();
    return { code: error!.code, status: error!.status, message: error!.message };
  };

  /** A channel the owner creates (no created_by_id: the caller is its creator), with `member` in it. */
  const ownersChannel = async (id: string) => {
    const channel = owner.channel('messaging', id, { members: ['owner', 'member'] });
    await channel.watch();
    return channel;
  };

  beforeAll(async () => {
    env = await startTestStandIn();
    await env.server.upsertUsers([
      { id: 'owner', name: 'Olive Owner', role: 'user' },
      { id: 'member', name: 'Milo Member', role: 'user' },
      { id: 'outsider', name: 'Otto Outsider', role: 'user' },
    ]);
    owner = await env.connect('owner', 'Olive Owner');
    member = await env.connect('member', 'Milo Member');
    admin = new StreamChat(env.apiKey, env.secret, { baseURL: env.standIn.url, timeout: 5000 });
  });

  afterAll(async () => {
    await env?.stop();
  });

  it('lets the creator of a channel write in it without being a member, and no one else who is not', async () => {
    const channel = owner.channel('messaging', 'owner-only');
    await channel.watch();
    const { message } = await channel.sendMessage({ text: 'Mine' });
    expect(message.user?.id).toBe('owner');
    expect((await owner.getMessage(message.id)).message.text).toBe('Mine');
    const outsider = await env.connect('outsider');
    expect(await refusal(outsider.channel('messaging', 'owner-only').sendMessage({ text: 'Theirs' }))).toMatchObject({ code: 17, status: 403 });
  });

  it('hides a channel from its member’s list until they show it or a new message comes, and only theirs', async () => {
    const channel = await ownersChannel('hidden-one');
    const memberChannel = member.channel('messaging', 'hidden-one');
    await memberChannel.watch();
    const hidden = nextEvent(member, 'channel.hidden');
    await memberChannel.hide();
    expect((await hidden).cid).toBe('messaging:hidden-one');
    const cids = async (client: StreamChat, filter: Record<string, unknown> = {}) => (await client.queryChannels({ type: 'messaging', ...filter })).map((c) => c.id);
    expect(await cids(member)).not.toContain('hidden-one');
    expect(await cids(member, { hidden: true })).toEqual(['hidden-one']);
    expect(await cids(owner)).toContain('hidden-one');
    await memberChannel.show();
    expect(await cids(member)).toContain('hidden-one');
    await memberChannel.hide();
    await channel.sendMessage({ text: 'Back again' });
    expect(await cids(member)).toContain('hidden-one');
    expect(await refusal(memberChannel.hide(null, true))).toMatchObject({ code: 19, status: 400 });
  });

  it('truncates a channel for its owner only: softly (the message is kept, out of the list) or for good', async () => {
    const channel = await ownersChannel('truncated-one');
    const { message: kept } = await channel.sendMessage({ text: 'Before the truncation' });
    expect(await refusal(member.channel('messaging', 'truncated-one').truncate())).toMatchObject({ code: 17, status: 403 });
    const truncated = nextEvent(member, 'channel.truncated');
    await member.channel('messaging', 'truncated-one').watch();
    await channel.truncate();
    expect((await truncated).cid).toBe('messaging:truncated-one');
    expect((await channel.query({ messages: { limit: 10 } })).messages).toEqual([]);
    expect((await owner.getMessage(kept.id)).message.id).toBe(kept.id);
    const { message: gone } = await channel.sendMessage({ text: 'Before the hard truncation' });
    await channel.truncate({ hard_delete: true, message: { text: 'The channel was truncated' } } as Parameters<typeof channel.truncate>[0]);
    const { messages } = await channel.query({ messages: { limit: 10 } });
    expect(messages.map((m) => [m.type, m.text])).toEqual([['system', 'The channel was truncated']]);
    expect(await refusal(owner.getMessage(gone.id))).toMatchObject({ code: 16, status: 404, message: expect.stringContaining(`message with id ${gone.id} doesn't exist`) });
  });

  it('deletes a channel for its owner, tells its watchers, and refuses a member who is not the owner', async () => {
    const channel = await ownersChannel('deleted-one');
    await member.channel('messaging', 'deleted-one').watch();
    expect(await refusal(member.channel('messaging', 'deleted-one').delete())).toMatchObject({ code: 17, status: 403 });
    const deleted = nextEvent(member, 'channel.deleted');
    const { channel: answer } = await channel.delete();
    expect(answer.deleted_at).toMatch(/\S/);
    expect((await deleted).cid).toBe('messaging:deleted-one');
    expect((await owner.queryChannels({ id: 'deleted-one' })).length).toBe(0);
  });

  it('queries a channel’s members with filters, and only for those who may read it', async () => {
    const channel = await ownersChannel('members-one');
    const { members } = await channel.queryMembers({ name: { $autocomplete: 'Mil' } });
    expect(members.map((m) => m.user_id)).toEqual(['member']);
    expect((await channel.queryMembers({}, [], { limit: 1 })).members).toHaveLength(1);
    const outsider = await env.connect('outsider');
    expect(await refusal(outsider.channel('messaging', 'members-one').queryMembers({}))).toMatchObject({ code: 17, status: 403 });
  });

  it('refuses what it does not imitate (moderators, invites) in Stream’s shape instead of ignoring it', async () => {
    const channel = await ownersChannel('moderated-one');
    expect(await refusal(channel.addModerators(['member']))).toMatchObject({ code: 19, status: 400 });
    expect(await refusal(channel.inviteMembers(['outsider']))).toMatchObject({ code: 19, status: 400 });
    expect((await channel.query({})).members.map((m) => m.user_id).sort()).toEqual(['member', 'owner']);
  });

  it('deletes one user for the server, and answers a user it does not know with 404', async () => {
    await env.server.upsertUsers([{ id: 'leaving', name: 'Leaving' }]);
    const { user } = await admin.deleteUser('leaving', { mark_messages_deleted: true });
    expect(user.id).toBe('leaving');
    expect((await admin.queryUsers({ id: 'leaving' })).users).toEqual([]);
    expect(await refusal(admin.deleteUser('nobody'))).toMatchObject({ code: 16, status: 404 });
    expect(await refusal(owner.deleteUser('member'))).toMatchObject({ code: 17, status: 403 });
  });

  it('reactivates and restores users in batches, and sends a user’s custom event to their sockets', async () => {
    await env.server.upsertUsers([{ id: 'sleeper', name: 'Sleeper' }]);
    await env.server.deactivateUser({ user_id: 'sleeper' });
    const { task_id } = await env.server.reactivateUsers({ user_ids: ['sleeper'] });
    expect((await env.server.getTask({ id: task_id })).status).toBe('completed');
    await expect(env.server.restoreUsers({ user_ids: ['sleeper'] })).rejects.toThrow(`Stream error code 4: RestoreUsers failed with error: "user "sleeper" is not deleted, it can't be restored"`);
    await env.server.deleteUsers({ user_ids: ['sleeper'] });
    await env.server.restoreUsers({ user_ids: ['sleeper'] });
    expect((await admin.queryUsers({ id: 'sleeper' })).users.map((u) => u.id)).toEqual(['sleeper']);
    const arrived = nextEvent(member, 'nudge');
    await env.server.chat.sendUserCustomEvent({ user_id: 'member', event: { type: 'nudge', custom: { why: 'test' } } });
    expect((await arrived).user?.id).toBe('member');
  });
});
