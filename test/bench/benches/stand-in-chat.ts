import { createHmac } from 'node:crypto';
import { StreamClient } from '@stream-io/node-sdk';
import { StreamChat, type Event } from 'stream-chat';
import type { Bench } from '../run';
import { percentile, round } from '../stats';

const MESSAGES = 300;
const WARM_UP = 20;

const userToken = (userId: string, secret: string) => {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ user_id: userId, iat: Math.floor(Date.now() / 1000) - 5 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
};

/**
 * The local Stream stand-in's chat round trip: member A sends with the real stream-chat, member B's client
 * receives the message.new over its socket; one message at a time, so each figure is one whole trip (REST in,
 * store, fan-out, socket out). Node clients stand in for the two browsers.
 */
export const standInChatBench: Bench = {
  name: 'stand-in-chat',
  env: { STREAM_API_KEY: '', STREAM_API_SECRET: '' },
  async run({ stage }) {
    if (stage.stream.mode !== 'stand-in') throw new Error('The stage did not start its Stream stand-in');
    const { url, apiKey, secret } = stage.stream;
    const server = new StreamClient(apiKey, secret, { basePath: url });
    await server.upsertUsers([{ id: 'bench-a', name: 'A' }, { id: 'bench-b', name: 'B' }]);
    await server.chat.channel('messaging', 'bench').getOrCreate({ data: { created_by_id: 'bench-a', members: [{ user_id: 'bench-a' }, { user_id: 'bench-b' }] } });
    const clients = await Promise.all(
      ['bench-a', 'bench-b'].map(async (id) => {
        const client = new StreamChat(apiKey, { baseURL: url, allowServerSideConnect: true });
        await client.connectUser({ id }, userToken(id, secret));
        await client.channel('messaging', 'bench').watch();
        return client;
      }),
    );
    const [a, b] = clients as [StreamChat, StreamChat];
    const trips: number[] = [];
    try {
      for (let i = 0; i < WARM_UP + MESSAGES; i++) {
        const text = `bench ${i}`;
        const received = new Promise<void>((resolve) => {
          const { unsubscribe } = b.on('message.new', (event: Event) => {
            if (event.message?.text !== text) return;
            unsubscribe();
            resolve();
          });
        });
        const started = performance.now();
        await a.channel('messaging', 'bench').sendMessage({ text });
        await received;
        if (i >= WARM_UP) trips.push(performance.now() - started);
      }
    } finally {
      await Promise.all(clients.map((client) => client.disconnectUser()));
    }
    trips.sort((x, y) => x - y);
    return { messages: MESSAGES, roundTripP50Ms: round(percentile(trips, 50)), roundTripP95Ms: round(percentile(trips, 95)), roundTripMaxMs: round(trips.at(-1)!) };
  },
};
