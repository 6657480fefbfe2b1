import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { StreamChat } from 'stream-chat';
import type { StreamVideoClient } from '@stream-io/video-react-sdk';
import { GUEST_USER_NAME } from '@mentoring/shared/video';
import { useAuth } from '../auth';
import { StreamConnectionContext, type ConnectionMode, type StreamConnection } from './context';
import { loadRuntimeConfig, streamChatOptions, streamConfigured, streamVideoOptions } from './runtime-config';
import { ChatSetupError, fetchGuestToken, fetchMemberToken } from './token-api';

interface Clients {
  status: StreamConnection['status'];
  chatClient: StreamChat | null;
  videoClient: StreamVideoClient | null;
  failed: boolean;
}

const notConnected: Clients = { status: 'not-connected', chatClient: null, videoClient: null, failed: false };

/** Hands the token we already hold to the SDK's first call, and fetches a fresh one whenever it asks again. */
const tokenProvider = (first: string, refresh: () => Promise<string>) => {
  let unused: string | null = first;
  return async () => {
    if (unused) {
      const token = unused;
      unused = null;
      return token;
    }
    return refresh();
  };
};

/**
 * How long connecting may take before the page says it failed and offers to try again. A socket that opens but
 * never answers otherwise leaves "Connecting…" on screen for ever; Stream's own connect wait is 15 s (docs/product-spec.md, point 9).
 */
export const CONNECT_TIMEOUT_MS = 20_000;

class ConnectionTimeoutError extends Error {
  constructor() {
    super(`Stream did not answer within ${CONNECT_TIMEOUT_MS / 1000} s`);
  }
}

const report = (error: unknown) => {
  // docs/product-spec.md, point 8: chat setup errors are logged, never shown.
  if (error instanceof ChatSetupError) console.error(error.message);
  else console.error('Stream connection failed', error);
};

/**
 * Connects the Stream clients (docs/product-spec.md, points 4 to 6): guests get video only as "Guest User", members get chat
 * and video under their own identity. Stream code is imported on demand so public pages stay small.
 */
export const StreamConnectionProvider = ({
  mode,
  guestId,
  invitation,
  children,
}: {
  mode: ConnectionMode;
  guestId?: string;
  /** A guest's signed invitation to one call, from their link. */
  invitation?: string;
  children?: ReactNode;
}) => {
  const auth = useAuth();
  const member = mode === 'user' && auth.status === 'signedIn' ? auth.user : null;
  const [clients, setClients] = useState<Clients>(notConnected);
  const [attempt, setAttempt] = useState(0);
  const memberId = member?.id;
  const latest = useRef({ member });
  useEffect(() => {
    latest.current = { member };
  });

  useEffect(() => {
    if (mode === 'guest' && !guestId) {
      console.error('Guest mode requires a guest id');
      return;
    }
    if (mode === 'user' && !memberId) return;

    let cancelled = false;
    // Set once the deadline passes: whatever the late attempt still opens is closed, never used.
    let abandoned = false;
    const created: { disconnectUser: () => Promise<void> }[] = [];
    // Called on cleanup and again once an in-flight connect settles: a socket opened after cleanup is closed too.
    const release = () => Promise.all(created.map((client) => client.disconnectUser().catch(() => undefined)));

    const connectGuest = async (id: string, videoOptions: ReturnType<typeof streamVideoOptions>) => {
      const { token, apiKey } = await fetchGuestToken(id, invitation);
      const { StreamVideoClient } = await import('@stream-io/video-react-sdk');
      if (cancelled || abandoned) return null;
      const videoClient = new StreamVideoClient({ apiKey, options: videoOptions });
      created.push(videoClient);
      const refresh = async () => (await fetchGuestToken(id, invitation)).token;
      await videoClient.connectUser({ id, name: GUEST_USER_NAME }, tokenProvider(token, refresh));
      return { chatClient: null, videoClient };
    };

    const connectMember = async (chatOptions: ReturnType<typeof streamChatOptions>, videoOptions: ReturnType<typeof streamVideoOptions>) => {
      const fetchToken = async () => {
        const { member: current } = latest.current;
        if (!current) throw new ChatSetupError('Signed out');
        return fetchMemberToken(current);
      };
      const { token, apiKey, streamChatUuid } = await fetchToken();
      const [{ StreamChat }, { StreamVideoClient }] = await Promise.all([import('stream-chat'), import('@stream-io/video-react-sdk')]);
      if (cancelled || abandoned) return null;
      // The id only: connecting upserts what it is given, and the name a member shows is their profile's, which the
      // server keeps on their Stream user (events/stream-identity); the sign-in name would overwrite it on every visit.
      const user = { id: streamChatUuid };
      const refresh = async () => (await fetchToken()).token;
      const chatClient = new StreamChat(apiKey, chatOptions);
      const videoClient = new StreamVideoClient({ apiKey, options: videoOptions });
      created.push(chatClient, videoClient);
      await Promise.all([
        chatClient.connectUser(user, tokenProvider(token, refresh)),
        videoClient.connectUser(user, tokenProvider(token, refresh)),
      ]);
      return { chatClient, videoClient };
    };

    const connect = async () => {
      const attempt = (async () => {
        const config = await loadRuntimeConfig();
        if (!streamConfigured(config) || cancelled) return null;
        return mode === 'guest' ? connectGuest(guestId!, streamVideoOptions(config)) : connectMember(streamChatOptions(config), streamVideoOptions(config));
      })();
      let timer: ReturnType<typeof setTimeout> | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new ConnectionTimeoutError()), CONNECT_TIMEOUT_MS);
      });
      try {
        const connected = await Promise.race([attempt, deadline]);
        if (cancelled || !connected) {
          await release();
          return;
        }
        setClients({ status: 'connected', failed: false, ...connected });
      } catch (error) {
        abandoned = true;
        if (!cancelled) {
          report(error);
          setClients({ ...notConnected, failed: true });
        }
        await release();
        // An attempt still in flight may open its sockets later: close them once it settles.
        void attempt.then(release, release);
      } finally {
        clearTimeout(timer);
      }
    };

    // Deferred a tick: React StrictMode's mount-unmount-mount then never opens a second connection.
    const start = setTimeout(() => void connect(), 0);
    return () => {
      cancelled = true;
      clearTimeout(start);
      setClients(notConnected);
      void release();
    };
    // Only a change of identity reconnects; the latest member is read through the ref.
  }, [mode, guestId, invitation, memberId, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const value = useMemo<StreamConnection>(() => ({ ...clients, mode, retry }), [clients, mode, retry]);
  return <StreamConnectionContext.Provider value={value}>{children}</StreamConnectionContext.Provider>;
};
