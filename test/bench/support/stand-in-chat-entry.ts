// The browser side of the stand-in bench's chat round trip: the real, unmodified stream-chat client.
import { StreamChat, type Channel } from 'stream-chat';

declare global {
  interface Window {
    chatConnect(options: { baseUrl: string; apiKey: string; userId: string; token: string; channelId: string }): Promise<void>;
    /** Sends `text`; resolves with the wall-clock time (ms) just before the send. */
    chatSend(text: string): Promise<number>;
    /** Resolves with the wall-clock time (ms) at which `text` arrived on this client's socket. */
    chatArrival(text: string): Promise<number>;
  }
}

// Two pages of one Chromium on one machine share the system clock; performance.now() alone has a per-page origin.
const now = () => performance.timeOrigin + performance.now();
const arrivals = new Map<string, number>();
const waiters = new Map<string, (at: number) => void>();
let channel: Channel | undefined;

window.chatConnect = async ({ baseUrl, apiKey, userId, token, channelId }) => {
  const client = new StreamChat(apiKey, { baseURL: baseUrl });
  await client.connectUser({ id: userId }, token);
  client.on('message.new', (event) => {
    const text = event.message?.text;
    if (!text) return;
    const at = now();
    arrivals.set(text, at);
    waiters.get(text)?.(at);
  });
  channel = client.channel('messaging', channelId);
  await channel.watch();
};

window.chatSend = async (text) => {
  const started = now();
  await channel!.sendMessage({ text });
  return started;
};

window.chatArrival = (text) => {
  const at = arrivals.get(text);
  if (at !== undefined) return Promise.resolve(at);
  return new Promise((resolve) => waiters.set(text, resolve));
};
