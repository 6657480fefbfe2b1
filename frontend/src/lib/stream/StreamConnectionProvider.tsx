import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { StreamChat } from 'stream-chat';
import type { StreamVideoClient } from '@stream-io/video-react-sdk';
import { GUEST_USER_NAME } from '@mentoring/shared/video';
import { useAuth } from '../auth';
import { whenIdle } from '../when-idle';
import { StreamConnectionContext, type ConnectionMode, type StreamConnection } from './context';
import { loadRuntimeConfig, streamChatOptions, streamConfigured, streamVideoOptions } from './runtime-config';
import { ChatSetupError, fetchGuestToken, fetchMemberToken } from './token-api';

interface VideoState {
  connected: boolean;
  videoClient: StreamVideoClient | null;
  failed: boolean;
}
interface ChatState {
  chatClient: StreamChat | null;
  failed: boolean;
}

const videoNotConnected: VideoState = { connected: false, videoClient: null, failed: false };
const chatNotConnected: ChatState = { chatClient: null, failed: false };
type MemberToken = Awaited<ReturnType<typeof fetchMemberToken>>;
interface Closable {
  disconnectUser: () => Promise<void>;
}

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
 * One connect attempt under the deadline: `open` makes and connects the clients (tracking each, so that whatever a
 * cancelled or late attempt still opens is closed, never used); returns the cleanup for the effect that runs it.
 */
const connectWithin = <T,>(
  open: (track: (client: Closable) => void, alive: () => boolean) => Promise<T | null>,
  { connected, failed, reset }: { connected: (value: T) => void; failed: () => void; reset: () => void },
) => {
  let cancelled = false;
  // Set once the deadline passes: whatever the late attempt still opens is closed, never used.
  let abandoned = false;
  const created: Closable[] = [];
  // Called on cleanup and again once an in-flight connect settles: a socket opened after cleanup is closed too.
  const release = () => Promise.all(created.map((client) => client.disconnectUser().catch(() => undefined)));
  // The deadline runs from the moment the page asks (and says it is connecting), not from the deferred start.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectionTimeoutError()), CONNECT_TIMEOUT_MS);
  });
  deadline.catch(() => undefined);
  const connect = async () => {
    const attempt = open((client) => created.push(client), () => !cancelled && !abandoned);
    try {
      const value = await Promise.race([attempt, deadline]);
      if (cancelled || !value) {
        await release();
        return;
      }
      connected(value);
    } catch (error) {
      abandoned = true;
      if (!cancelled) {
        report(error);
        failed();
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
    clearTimeout(timer);
    reset();
    void release();
  };
};

/**
 * Connects the Stream clients (docs/product-spec.md, points 4 to 6): guests get video only as "Guest User", members
 * get video under their own identity at once (incoming calls ring on any page) and chat only while a page that shows
 * chat asks for it (useChatConnection), so the chat SDK loads on those pages only. Stream code is imported on demand
 * so public pages stay small. Once open, the chat connection stays open for the member's next chat page.
 * A page whose first paint is chat alone (Messages) asks for chat first: video (rings, about 120 KB gzip of SDK)
 * then connects once chat has (or failed), when the browser is idle, unless it had already started.
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
  const [video, setVideo] = useState<VideoState>(videoNotConnected);
  const [chat, setChat] = useState<ChatState>(chatNotConnected);
  // Set by the first page that shows chat; the connection then stays open for the member's next chat page.
  const [chatAskedFor, setChatAskedFor] = useState(false);
  const [chatFirst, setChatFirst] = useState(false);
  // Set once video starts to connect: from then on a page asking for chat first no longer holds it back.
  const videoStarted = useRef(false);
  const [attempt, setAttempt] = useState(0);
  const memberId = member?.id;
  const latest = useRef({ member });
  useEffect(() => {
    latest.current = { member };
  });

  // Both clients of one attempt connect on the member's one token answer (fetched once, by whichever asks first).
  const firstToken = useRef<{ key: string; answer: Promise<MemberToken> } | null>(null);
  const fetchToken = useCallback(async () => {
    const { member: current } = latest.current;
    if (!current) throw new ChatSetupError('Signed out');
    return fetchMemberToken(current);
  }, []);
  const memberToken = useCallback(
    (key: string) => {
      if (firstToken.current?.key !== key) firstToken.current = { key, answer: fetchToken() };
      return firstToken.current.answer;
    },
    [fetchToken],
  );

  const chatSettled = chat.chatClient !== null || chat.failed;
  const videoWaitsForChat = chatFirst && !chatSettled && !video.connected;
  // Video held for chat starts on an idle moment, so the chat page's own work (its list's query) goes first.
  const videoWaitsForIdle = chatFirst;

  useEffect(() => {
    if (mode === 'guest' && !guestId) {
      console.error('Guest mode requires a guest id');
      return;
    }
    if (mode === 'user' && !memberId) return;
    if (videoWaitsForChat) return;
    const key = `${memberId}:${attempt}`;
    return connectWithin(
      async (track, alive) => {
        videoStarted.current = true;
        if (videoWaitsForIdle) await new Promise<void>((resolve) => whenIdle(resolve));
        if (!alive()) return null;
        const config = await loadRuntimeConfig();
        if (!streamConfigured(config) || !alive()) return null;
        const videoOptions = streamVideoOptions(config);
        if (mode === 'guest') {
          const id = guestId!;
          const { token, apiKey } = await fetchGuestToken(id, invitation);
          const { StreamVideoClient } = await import('@stream-io/video-react-sdk');
          if (!alive()) return null;
          const videoClient = new StreamVideoClient({ apiKey, options: videoOptions });
          track(videoClient);
          const refresh = async () => (await fetchGuestToken(id, invitation)).token;
          await videoClient.connectUser({ id, name: GUEST_USER_NAME }, tokenProvider(token, refresh));
          return videoClient;
        }
        const { token, apiKey, streamChatUuid } = await memberToken(key);
        const { StreamVideoClient } = await import('@stream-io/video-react-sdk');
        if (!alive()) return null;
        const videoClient = new StreamVideoClient({ apiKey, options: videoOptions });
        track(videoClient);
        // The id only: connecting upserts what it is given, and the name a member shows is their profile's, which the
        // server keeps on their Stream user (events/stream-identity); the sign-in name would overwrite it on every visit.
        await videoClient.connectUser({ id: streamChatUuid }, tokenProvider(token, async () => (await fetchToken()).token));
        return videoClient;
      },
      {
        connected: (videoClient) => setVideo({ connected: true, videoClient, failed: false }),
        failed: () => setVideo({ ...videoNotConnected, failed: true }),
        reset: () => setVideo(videoNotConnected),
      },
    );
    // Only a change of identity reconnects; the latest member is read through the ref.
  }, [mode, guestId, invitation, memberId, attempt, memberToken, fetchToken, videoWaitsForChat, videoWaitsForIdle]);

  useEffect(() => {
    if (mode !== 'user' || !memberId || !chatAskedFor) return;
    const key = `${memberId}:${attempt}`;
    return connectWithin(
      async (track, alive) => {
        const config = await loadRuntimeConfig();
        if (!streamConfigured(config) || !alive()) return null;
        const { token, apiKey, streamChatUuid } = await memberToken(key);
        const { StreamChat } = await import('stream-chat');
        if (!alive()) return null;
        const chatClient = new StreamChat(apiKey, streamChatOptions(config));
        track(chatClient);
        await chatClient.connectUser({ id: streamChatUuid }, tokenProvider(token, async () => (await fetchToken()).token));
        return chatClient;
      },
      {
        connected: (chatClient) => setChat({ chatClient, failed: false }),
        failed: () => setChat({ ...chatNotConnected, failed: true }),
        reset: () => setChat(chatNotConnected),
      },
    );
  }, [mode, memberId, attempt, chatAskedFor, memberToken, fetchToken]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  const requestChat = useCallback(() => setChatAskedFor(true), []);
  const requestChatFirst = useCallback(() => {
    setChatAskedFor(true);
    if (!videoStarted.current) setChatFirst(true);
  }, []);
  const value = useMemo<StreamConnection>(
    () => ({
      status: video.connected ? 'connected' : 'not-connected',
      mode,
      videoClient: video.videoClient,
      chatClient: chat.chatClient,
      failed: video.failed,
      chatFailed: chat.failed,
      retry,
      requestChat,
      requestChatFirst,
    }),
    [video, chat, mode, retry, requestChat, requestChatFirst],
  );
  return <StreamConnectionContext.Provider value={value}>{children}</StreamConnectionContext.Provider>;
};
