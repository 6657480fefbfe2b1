import { createContext, useContext } from 'react';
import type { StreamChat } from 'stream-chat';
import type { StreamVideoClient } from '@stream-io/video-react-sdk';

export type ConnectionMode = 'guest' | 'user';

/** docs/product-spec.md, point 4: not connected until tokens are obtained and the clients connect, then connected. */
export interface StreamConnection {
  status: 'not-connected' | 'connected';
  mode: ConnectionMode;
  chatClient: StreamChat | null;
  videoClient: StreamVideoClient | null;
  /** The last attempt failed (the status stays not connected; the reason is logged, never shown). */
  failed: boolean;
  /** Tries to connect again after a failure. */
  retry: () => void;
}

export const StreamConnectionContext = createContext<StreamConnection | null>(null);

export const useStreamConnection = (): StreamConnection => {
  const connection = useContext(StreamConnectionContext);
  if (!connection) throw new Error('useStreamConnection() must be used inside <StreamConnectionProvider>.');
  return connection;
};
