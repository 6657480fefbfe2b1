import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnUserResponse, PollResponse, StreamChat } from 'stream-chat';
import { nextEvent, startTestStandIn } from '../support/stream-stand-in';

/**
 * The stand-in's pins, mutes, polls and message search, driven by the real stream-chat client as the SPA's
 * message menu, channel header, poll UI and search call them, in the shapes stream-chat reads back.
 */
describe('the local Stream stand-in (pins, mutes, polls, search)', () => {
  let env: Awaited<ReturnType<typeof startTestStandIn>>;
  let receiver: Server;
  /** The webhooks it sent, as the stage's /api/webhooks/stream would get them. */
  const delivered: Record<string, unknown>[] = [];
  let alice: StreamChat;
  let bob: StreamChat;
  const channelId = 'pair-features';
  const cid = `messaging:${channelId}`;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        delivered.push(JSON.parse(body) as Record<string, unknown>);
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    env = await startTestStandIn({ webhookUrl: () => `http://127.0.0.1:${port}/api/webhooks/stream`, webhookEvents: new Set(['message.new', 'message.read']) });
    await env.server.upsertUsers([
      { id: 'programme', name: 'Programme', role: 'admin' },
      { id: 'alice', name: 'Alice', role: 'user' },
      { id: 'bob', name: 'Bob', role: 'user' },
      { id: 'mallory', name: 'Mallory', role: 'user' },
    ]);
    await env.server.chat.channel('messaging', channelId).getOrCreate({ data: { created_by_id: 'programme', members: [{ user_id: 'alice' }, { user_id: 'bob' }] } });
    await env.server.chat.channel('messaging', 'mallory-alone').getOrCreate({ data: { created_by_id: 'programme', members: [{ user_id: 'mallory' }, { user_id: 'programme' }] } });
    alice = await env.connect('alice', 'Alice');
    bob = await env.connect('bob', 'Bob');
    await Promise.all([alice.channel('messaging', channelId).watch(), bob.channel('messaging', channelId).watch()]);
  });

  afterAll(async () => {
    await env?.stop();
    receiver?.close();
  });

  describe('pinned messages', () => {
    it('grants every member pin-message in the pair’s channel', () => {
      expect(alice.channel('messaging', channelId).data?.own_capabilities).toContain('pin-message');
      expect(bob.channel('messaging', channelId).data?.own_capabilities).toContain('pin-message');
    });

    it('pins the other member’s message, keeps who and when, and lists it pinned for both', async () => {
      const { message } = await alice.channel('messaging', channelId).sendMessage({ text: 'Our goals for the term' });
      const seen = nextEvent(alice, 'message.updated', (event) => event.message?.id === message.id && event.message.pinned === true);
      const { message: pinned } = await bob.pinMessage(message);
      expect(pinned).toMatchObject({ pinned: true, pinned_by: { id: 'bob' }, pin_expires: null });
      expect(Date.parse(pinned.pinned_at as string)).toBeGreaterThan(Date.now() - 60_000);
      await seen;
      expect(alice.channel('messaging', channelId).state.pinnedMessages.map((m) => m.id)).toEqual([message.id]);
      const fresh = await env.connect('alice');
      const [channel] = await fresh.queryChannels({ cid });
      expect(channel!.state.pinnedMessages.map((m) => m.id)).toEqual([message.id]);
      const { messages } = await channel!.getPinnedMessages({ limit: 10 }, { pinned_at: -1 });
      expect(messages.map((m) => m.id)).toEqual([message.id]);
    });

    it('keeps the pin through an edit, and unpins for both', async () => {
      const aliceChannel = alice.channel('messaging', channelId);
      const target = aliceChannel.state.pinnedMessages[0]!;
      const { message: edited } = await alice.updateMessage({ ...(await alice.getMessage(target.id)).message, text: 'Our goals for the term (edited)' });
      expect(edited).toMatchObject({ pinned: true, pinned_by: { id: 'bob' } });
      const unpinnedForBob = nextEvent(bob, 'message.updated', (event) => event.message?.id === target.id && event.message.pinned === false);
      const { message } = await alice.unpinMessage(target.id);
      expect(message).toMatchObject({ pinned: false, pinned_at: null, pinned_by: null });
      await unpinnedForBob;
      expect(bob.channel('messaging', channelId).state.pinnedMessages).toEqual([]);
      expect((await aliceChannel.query({ messages: { limit: 1 } })).pinned_messages).toEqual([]);
    });

    it('lets a pin expire', async () => {
      const { message } = await alice.channel('messaging', channelId).sendMessage({ text: 'For a second only' });
      const { message: pinned } = await alice.pinMessage(message, 1);
      expect(pinned.pinned).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await alice.getMessage(message.id)).message.pinned).toBe(false);
    });

    it('refuses a non-member', async () => {
      const { message } = await alice.channel('messaging', channelId).sendMessage({ text: 'not for Mallory' });
      const mallory = await env.connect('mallory');
      await expect(mallory.pinMessage(message)).rejects.toMatchObject({ code: 17 });
    });
  });

  describe('muting', () => {
    it('mutes a channel: listed in channel_mutes on connect, its messages count no unread, until unmuted', async () => {
      const bobChannel = bob.channel('messaging', channelId);
      await bobChannel.markRead();
      const updated = nextEvent(bob, 'notification.channel_mutes_updated');
      const response = await bobChannel.mute();
      expect(response.channel_mute).toMatchObject({ user: { id: 'bob' }, channel: { cid } });
      expect(response.own_user.channel_mutes.map((mute) => mute.channel?.cid)).toEqual([cid]);
      await updated;
      expect(bobChannel.muteStatus().muted).toBe(true);

      await alice.channel('messaging', channelId).sendMessage({ text: 'while muted' });
      const later = await env.connect('bob');
      expect((later.user as OwnUserResponse).channel_mutes.map((mute) => mute.channel?.cid)).toEqual([cid]);
      expect((later.user as OwnUserResponse).total_unread_count).toBe(0);
      const [channel] = await later.queryChannels({ cid });
      expect(channel!.muteStatus().muted).toBe(true);
      expect(channel!.countUnread()).toBe(0);
      expect(channel!.state.read.bob?.unread_messages).toBe(0);

      const unmuted = nextEvent(bob, 'notification.channel_mutes_updated');
      await bobChannel.unmute();
      await unmuted;
      expect(bobChannel.muteStatus().muted).toBe(false);
      await alice.channel('messaging', channelId).sendMessage({ text: 'after unmuting' });
      expect(((await env.connect('bob')).user as OwnUserResponse).total_unread_count).toBe(1);
      await bobChannel.markRead();
    });

    it('mutes a channel for a while, as the expiration in milliseconds says', async () => {
      const { channel_mute: mute } = await bob.channel('messaging', channelId).mute({ expiration: 60_000 });
      expect(Date.parse(mute.expires!)).toBeGreaterThan(Date.now() + 50_000);
      await bob.channel('messaging', channelId).unmute();
    });

    it('refuses to mute a channel one is not in', async () => {
      const mallory = await env.connect('mallory');
      await expect(mallory.channel('messaging', channelId).mute()).rejects.toMatchObject({ code: 17 });
    });

    it('mutes and unmutes a user, listed in `mutes` and told to the muter’s sockets', async () => {
      const told = nextEvent(bob, 'notification.mutes_updated');
      const response = await bob.muteUser('alice');
      expect(response.mute).toMatchObject({ user: { id: 'bob' }, target: { id: 'alice' } });
      await told;
      expect(bob.userMuteStatus('alice')).toBe(true);
      expect(((await env.connect('bob')).user as OwnUserResponse).mutes.map((mute) => mute.target.id)).toEqual(['alice']);
      const untold = nextEvent(bob, 'notification.mutes_updated');
      await bob.unmuteUser('alice');
      await untold;
      expect(bob.userMuteStatus('alice')).toBe(false);
    });
  });

  describe('polls', () => {
    beforeAll(() => {
      // As stream-chat-react's Chat does: the clients keep their polls up to date from the events.
      alice.polls.registerSubscriptions();
      bob.polls.registerSubscriptions();
    });

    /** Made by Alice and sent to the pair's channel; Bob's client holds the poll once the message reaches it. */
    const sendPoll = async (client: StreamChat, data: Parameters<StreamChat['createPoll']>[0]) => {
      const { poll } = await client.createPoll(data);
      const delivered = nextEvent(bob, 'message.new', (event) => event.message?.poll_id === poll.id);
      const { message } = await client.channel('messaging', channelId).sendMessage({ text: '', poll_id: poll.id });
      await delivered;
      return { poll, message };
    };

    it('turns polls on in the channel config and grants members the poll capabilities, as stream-chat-react asks before offering “Create poll” and votes', () => {
      expect(bob.channel('messaging', channelId).getConfig()?.polls).toBe(true);
      expect(bob.channel('messaging', channelId).data?.own_capabilities).toEqual(expect.arrayContaining(['send-poll', 'cast-poll-vote', 'query-poll-votes']));
    });

    it('creates a single-answer poll, sends it, and everyone sees the votes change live', async () => {
      const { poll, message } = await sendPoll(alice, { name: 'When do we meet?', options: [{ text: 'Monday' }, { text: 'Friday' }], enforce_unique_vote: true, voting_visibility: 'public' as never });
      expect(poll).toMatchObject({ name: 'When do we meet?', enforce_unique_vote: true, is_closed: false, vote_count: 0, created_by: { id: 'alice' } });
      expect(message.poll).toMatchObject({ id: poll.id });
      const [monday, friday] = poll.options;

      const bobPoll = bob.polls.fromState(poll.id)!;
      expect(bobPoll).toBeDefined();
      const casted = nextEvent(alice, 'poll.vote_casted', (event) => event.poll?.id === poll.id);
      await bobPoll.castVote(monday!.id, message.id);
      const castEvent = await casted;
      expect(castEvent.poll_vote).toMatchObject({ option_id: monday!.id, user_id: 'bob' });
      expect(alice.polls.fromState(poll.id)!.data.vote_counts_by_option).toEqual({ [monday!.id]: 1 });

      const changed = nextEvent(alice, 'poll.vote_changed', (event) => event.poll?.id === poll.id);
      await bobPoll.castVote(friday!.id, message.id);
      expect((await changed).poll?.vote_counts_by_option).toEqual({ [friday!.id]: 1 });
      expect(Object.keys(bobPoll.data.ownVotesByOptionId)).toEqual([friday!.id]);

      const removed = nextEvent(alice, 'poll.vote_removed', (event) => event.poll?.id === poll.id);
      await bobPoll.removeVote(bobPoll.data.ownVotesByOptionId[friday!.id]!.id, message.id);
      expect((await removed).poll?.vote_count).toBe(0);

      await bobPoll.castVote(monday!.id, message.id);
      await expect(bob.closePoll(poll.id)).rejects.toMatchObject({ code: 17 });
      const closed = nextEvent(bob, 'poll.closed', (event) => event.poll?.id === poll.id);
      await alice.polls.fromState(poll.id)!.close();
      await closed;
      expect(bobPoll.data.is_closed).toBe(true);
      await expect(bobPoll.castVote(friday!.id, message.id)).rejects.toMatchObject({ code: 4 });
      const { poll: reread } = await bob.getPoll(poll.id);
      expect(reread).toMatchObject({ is_closed: true, vote_count: 1, vote_counts_by_option: { [monday!.id]: 1 } });
      expect(reread.own_votes?.map((vote) => vote.option_id)).toEqual([monday!.id]);
    });

    it('takes up to max_votes_allowed votes on a multiple-answer poll', async () => {
      const { poll, message } = await sendPoll(alice, { name: 'Topics', options: [{ text: 'CV' }, { text: 'Interviews' }, { text: 'Salary' }], max_votes_allowed: 2 });
      const [cv, interviews, salary] = poll.options;
      await bob.castPollVote(message.id, poll.id, { option_id: cv!.id });
      await bob.castPollVote(message.id, poll.id, { option_id: interviews!.id });
      await expect(bob.castPollVote(message.id, poll.id, { option_id: salary!.id })).rejects.toMatchObject({ code: 4 });
      const { poll: reread } = await alice.getPoll(poll.id);
      expect(reread.vote_count).toBe(2);
      expect(reread.latest_votes_by_option[cv!.id]?.[0]?.user?.id).toBe('bob');
    });

    it('keeps an anonymous poll’s voters from everyone but themselves', async () => {
      const { poll, message } = await sendPoll(alice, { name: 'How is it going?', options: [{ text: 'Well' }, { text: 'Not yet' }], enforce_unique_vote: true, voting_visibility: 'anonymous' as never });
      const casted = nextEvent(alice, 'poll.vote_casted', (event) => event.poll?.id === poll.id);
      const { vote } = await bob.castPollVote(message.id, poll.id, { option_id: poll.options[0]!.id });
      expect(vote.user_id).toBe('bob');
      const event = await casted;
      expect(event.poll_vote?.user_id).toBeUndefined();
      expect(event.poll_vote?.user).toBeUndefined();
      expect(event.user).toBeUndefined();
      const { poll: seenByAlice } = await alice.getPoll(poll.id);
      expect(seenByAlice.latest_votes_by_option).toEqual({});
      const { votes } = await alice.queryPollVotes(poll.id);
      expect(votes.map((v) => v.user_id)).toEqual([undefined]);
    });

    it('takes answers and suggested options when the poll allows them', async () => {
      const { poll, message } = await sendPoll(alice, { name: 'What should we read?', options: [{ text: 'Clean Code' }], allow_answers: true, allow_user_suggested_options: true });
      const updated = nextEvent(alice, 'poll.updated', (event) => event.poll?.id === poll.id);
      const { poll_option: option } = await bob.createPollOption(poll.id, { text: 'Refactoring' });
      expect((await updated).poll?.options.map((o: PollResponse['options'][number]) => o.text)).toEqual(['Clean Code', 'Refactoring']);
      await bob.castPollVote(message.id, poll.id, { option_id: option.id });
      const answered = nextEvent(alice, 'poll.vote_casted', (event) => event.poll?.id === poll.id && Boolean(event.poll_vote && 'answer_text' in event.poll_vote));
      await bob.addPollAnswer(message.id, poll.id, 'Anything by Fowler');
      expect((await answered).poll?.answers_count).toBe(1);
      const { votes } = await alice.queryPollAnswers(poll.id);
      expect(votes.map((v) => v.answer_text)).toEqual(['Anything by Fowler']);
      const { poll: strict } = await alice.createPoll({ name: 'Fixed', options: [{ text: 'A' }] });
      await alice.channel('messaging', channelId).sendMessage({ text: '', poll_id: strict.id });
      await expect(bob.createPollOption(strict.id, { text: 'B' })).rejects.toMatchObject({ code: 17 });
    });

    it('takes no vote in a frozen channel', async () => {
      const server = env.server.chat.channel('messaging', 'frozen-poll');
      await server.getOrCreate({ data: { created_by_id: 'programme', members: [{ user_id: 'alice' }, { user_id: 'bob' }] } });
      const { poll } = await alice.createPoll({ name: 'Before the pause', options: [{ text: 'Yes' }] });
      const { message } = await alice.channel('messaging', 'frozen-poll').sendMessage({ text: '', poll_id: poll.id });
      await server.updateChannelPartial({ set: { frozen: true } });
      await expect(bob.castPollVote(message.id, poll.id, { option_id: poll.options[0]!.id })).rejects.toMatchObject({ code: 17 });
      const [channel] = await bob.queryChannels({ cid: 'messaging:frozen-poll' });
      expect(channel!.data?.own_capabilities).not.toContain('cast-poll-vote');
      // Read, so the counts the webhooks carry below are the pair channel's alone.
      await channel!.markRead();
    });

    it('shows a poll to the channel’s members only', async () => {
      const { poll } = await sendPoll(alice, { name: 'Private', options: [{ text: 'Yes' }] });
      const mallory = await env.connect('mallory');
      await expect(mallory.getPoll(poll.id)).rejects.toMatchObject({ code: 16 });
      const { poll: unsent } = await alice.createPoll({ name: 'Draft', options: [{ text: 'A' }] });
      await expect(bob.channel('messaging', channelId).sendMessage({ text: '', poll_id: unsent.id })).rejects.toMatchObject({ code: 17 });
    });
  });

  describe('message search', () => {
    it('finds messages in the member’s own conversations only, each with its channel', async () => {
      await env.server.chat.channel('messaging', 'mallory-alone').sendMessage({ message: { text: 'agenda for mallory', user_id: 'mallory' } });
      await alice.channel('messaging', channelId).sendMessage({ text: 'The agenda for Monday' });
      const { results } = await bob.search({ members: { $in: ['bob'] } }, 'agenda', { limit: 10 });
      expect(results.map((r) => r.message.text)).toEqual(['The agenda for Monday']);
      expect(results[0]!.message.channel?.cid).toBe(cid);
      // Even a filter naming another's channel finds nothing there.
      const { results: other } = await bob.search({ cid: 'messaging:mallory-alone' }, 'agenda', { limit: 10 });
      expect(other).toEqual([]);
    });
  });

  describe('webhooks', () => {
    const webhooksOf = async (type: string, messageId?: string) => {
      await env.standIn.webhooksSettled();
      return delivered.filter((event) => event.type === type && (!messageId || (event.message as { id?: string } | undefined)?.id === messageId));
    };

    it('sends message.new with each member’s unread counts, and message.read when read, as Stream’s webhooks do', async () => {
      await bob.channel('messaging', channelId).markRead();
      const { message } = await alice.channel('messaging', channelId).sendMessage({ text: 'Did you see my notes?' });
      const [event] = await webhooksOf('message.new', message.id);
      expect(event).toMatchObject({ cid, channel_type: 'messaging', channel_id: channelId, message: { id: message.id, text: 'Did you see my notes?', user: { id: 'alice' } }, user: { id: 'alice' } });
      const members = event!.members as { user_id: string; user: Record<string, unknown> }[];
      expect(members.map((m) => m.user_id).sort()).toEqual(['alice', 'bob']);
      expect(members.find((m) => m.user_id === 'bob')!.user).toMatchObject({ id: 'bob', channel_unread_count: 1, total_unread_count: 1, unread_channels: 1, channel_last_read_at: expect.any(String) });
      expect(members.find((m) => m.user_id === 'alice')!.user).toMatchObject({ channel_unread_count: 0 });

      await bob.channel('messaging', channelId).markRead();
      const reads = await webhooksOf('message.read');
      expect(reads.at(-1)).toMatchObject({ cid, user: { id: 'bob', channel_unread_count: 0, total_unread_count: 0 } });
    });

    it('counts nothing unread for a member who muted the channel', async () => {
      await bob.channel('messaging', channelId).mute();
      const { message } = await alice.channel('messaging', channelId).sendMessage({ text: 'Quiet please' });
      const [event] = await webhooksOf('message.new', message.id);
      expect((event!.members as { user_id: string; user: Record<string, unknown> }[]).find((m) => m.user_id === 'bob')!.user).toMatchObject({ channel_unread_count: 0, total_unread_count: 0 });
      await bob.channel('messaging', channelId).unmute();
    });
  });
});
