import { createContext, useContext, useEffect, useState, type PropsWithChildren } from 'react';
import { StreamVideoClient } from '@stream-io/video-react-sdk';
import { GUEST_USER_NAME, messages } from '@mentoring/shared';

/**
 * Thin stand-in for issue 5's provider, same name and contract. Guest mode is complete (guest token, video
 * only, as Guest User); user mode stays not-connected here because the signed-in identity (issue 4) and
 * the chat client (issue 5) live on other branches.
 */
export interface StreamConnection {
  status: 'not-connected' | 'connected';
  mode: 'guest' | 'user';
  chatClient: null;
  videoClient: StreamVideoClient | null;
}

export interface StreamConnectionProviderProps {
  mode: 'guest' | 'user';
  guestId?: string;
}

const StreamConnectionContext = createContext<StreamConnection>({ status: 'not-connected', mode: 'guest', chatClient: null, videoClient: null });

export const useStreamConnection = () => useContext(StreamConnectionContext);

const fetchGuestToken = async (guestId: string) => {
  const query = new URLSearchParams({ streamChatUuid: guestId, isGuest: 'true' });
  const response = await fetch(`/api/chat/getOrCreateToken?${query}`);
  if (!response.ok) throw new Error(`Token request failed with ${response.status}`);
  const body = (await response.json()) as { token?: string; apiKey?: string };
  if (!body.token || !body.apiKey) throw new Error(messages.chatSetup.noGuestToken);
  return { token: body.token, apiKey: body.apiKey };
};

export const StreamConnectionProvider = ({ mode, guestId, children }: PropsWithChildren<StreamConnectionProviderProps>) => {
  const [videoClient, setVideoClient] = useState<StreamVideoClient | null>(null);

  useEffect(() => {
    if (mode !== 'guest' || !guestId) return;
    let cancelled = false;
    let client: StreamVideoClient | undefined;
    (async () => {
      const { token, apiKey } = await fetchGuestToken(guestId);
      if (cancelled) return;
      client = new StreamVideoClient({ apiKey, options: { browser: true } });
      await client.connectUser({ id: guestId, name: GUEST_USER_NAME }, token);
      if (!cancelled) setVideoClient(client);
    })().catch((error: unknown) => {
      // Spec point 4: on any error the connection stays not connected; the error is logged, never shown.
      console.error(error);
    });
    return () => {
      cancelled = true;
      setVideoClient(null);
      void client?.disconnectUser();
    };
  }, [mode, guestId]);

  const value: StreamConnection = { status: videoClient ? 'connected' : 'not-connected', mode, chatClient: null, videoClient };
  return <StreamConnectionContext.Provider value={value}>{children}</StreamConnectionContext.Provider>;
};
