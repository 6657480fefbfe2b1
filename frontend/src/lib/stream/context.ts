import { createContext, useContext, useLayoutEffect } from 'react';
import type { StreamChat } from 'stream-chat';
import type { StreamVideoClient } from '@stream-io/video-react-sdk';

export type ConnectionMode = 'guest' | 'user';

/**
 * docs/product-spec.md, point 4: not connected until tokens are obtained and the clients connect, then connected.
 * `status`, `videoClient` and `failed` are the video connection's, which a member's signed-in pages open at once;
 * chat connects only once a page that shows it asks (useChatConnection), so the chat SDK loads on those pages only.
 */
export interface StreamConnection {
  status: 'not-connected' | 'connected';
  mode: ConnectionMode;
  chatClient: StreamChat | null;
  videoClient: StreamVideoClient | null;
  /** The last attempt failed and the automatic retries ran out (the status stays not connected; the reason is logged, never shown). */
  failed: boolean;
  /** An attempt failed and another follows by itself (StreamConnectionProvider's RETRY_DELAYS_MS). */
  retrying: boolean;
  /** Tries to connect again after a failure. */
  retry: () => void;
  /** The chat connection's last attempt failed and its retries ran out (members; once a page asked for chat). */
  chatFailed: boolean;
  /** The chat connection is trying again by itself after a failed attempt. */
  chatRetrying: boolean;
  /** Connects chat (members), from then on. Pages that show chat use useChatConnection(). */
  requestChat: () => void;
  /**
   * Connects chat, and, unless video already started, holds video (incoming-call rings and its SDK) until chat has
   * connected or failed and the browser is idle: for pages whose first paint is chat alone.
   */
  requestChatFirst: () => void;
}

export const StreamConnectionContext = createContext<StreamConnection | null>(null);

export const useStreamConnection = (): StreamConnection => {
  const connection = useContext(StreamConnectionContext);
  if (!connection) throw new Error('useStreamConnection() must be used inside <StreamConnectionProvider>.');
  return connection;
};

/** The connection where there is one (a signed-in page), null elsewhere: for what only listens and never asks to connect. */
export const useStreamConnectionIfAny = (): StreamConnection | null => useContext(StreamConnectionContext);

/**
 * The connection as a page that shows chat sees it: asks for chat on mount (`first`: before video, see
 * requestChatFirst), and is connected (or failed) when chat is, whatever video does.
 */
export const useChatConnection = ({ first = false }: { first?: boolean } = {}): StreamConnection => {
  const connection = useStreamConnection();
  const { requestChat, requestChatFirst, chatClient, chatFailed, chatRetrying } = connection;
  // Before paint (and before video's deferred start): the attempt and its deadline start with the first
  // "Connecting to chat…" a member sees.
  useLayoutEffect(() => (first ? requestChatFirst() : requestChat()), [first, requestChat, requestChatFirst]);
  return { ...connection, status: chatClient ? 'connected' : 'not-connected', failed: chatFailed, retrying: chatRetrying };
};
