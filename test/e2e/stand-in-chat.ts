import { expect, type APIRequestContext } from '@playwright/test';
import { StreamChat } from 'stream-chat';
import type { TestUser } from '../support/auth';
import { call } from './pairs';
import { stageInfo } from './support';

/** The local stage's Stream stand-in, which the suite's stage runs (it has no Stream credentials). */
export const standInUrl = () => {
  const { stream } = stageInfo();
  if (stream?.mode !== 'stand-in') throw new Error('This spec needs the local stage with its Stream stand-in.');
  return stream.url;
};

/**
 * A member's own chat client in Node, as the SPA makes it: the product's token route, stream-chat pointed at the
 * stand-in. For what a spec needs said by the other side without a second browser.
 */
export const memberChat = async (request: APIRequestContext, user: TestUser) => {
  const answer = await call(request, user, 'GET', `/api/chat/getOrCreateToken?isGuest=false&userId=${encodeURIComponent(user.sub)}`);
  const { token, apiKey } = answer as { token: string; apiKey: string };
  const client = new StreamChat(apiKey, { baseURL: standInUrl(), allowServerSideConnect: true });
  await client.connectUser({ id: (answer.user as { streamChatUuid: string }).streamChatUuid, name: user.name }, token);
  return client;
};

/**
 * The pair's channel, once the bus has made it (the mentorship-channel consumer runs after the acceptance commits).
 * Queried until it is there, not watched: a watch that came first would make the channel itself, as Stream lets a
 * member, without the pair in it, and the programme's channel would then never get them.
 */
export const pairChannel = async (client: StreamChat, mentorshipId: string) => {
  const cid = `messaging:${mentorshipId}`;
  await expect
    .poll(async () => (await client.queryChannels({ cid, members: { $in: [client.userID!] } }, {}, { watch: false, state: false })).length, { timeout: 20_000 })
    .toBe(1);
  const channel = client.channel('messaging', mentorshipId);
  await channel.watch();
  return channel;
};
