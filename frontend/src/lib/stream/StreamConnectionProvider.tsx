import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { StreamChat } from 'stream-chat';
import type { StreamVideoClient } from '@stream-io/video-react-sdk';
import { GUEST_USER_NAME } from '@mentoring/shared/video';
import { STREAM_CONNECT_RETRY_DELAYS_MS, STREAM_CONNECT_TIMEOUT_MS } from '@mentoring/shared/stream-connection';
import { useAuth } from '../auth';
import { whenIdle } from '../when-idle';
import { StreamConnectionContext, type ConnectionMode, type StreamConnection } from './context';
import { loadRuntimeConfig, streamChatOptions, streamConfigured, streamVideoOptions } from './runtime-config';
import { ChatSetupError, fetchGuestToken, fetchMemberToken } from './token-api';

interface VideoState {
  connected: boolean;
  videoClient: StreamVideoClient | null;
  failed: boolean;
  retrying: boolean;
}
interface ChatState {
  chatClient: StreamChat | null;
  failed: boolean;
  retrying: boolean;
}

const videoNotConnected: VideoState = { connected: false, videoClient: null, failed: false, retrying: false };
const chatNotConnected: ChatState = { chatClient: null, failed: false, retrying: false };

/**
 * A failed attempt is tried again by itself while the page is open, as the SDKs do with their own sockets: after
 * 2, 4 and 8 s (a busy stage or network answers late, not never). Only when these have failed too does the page say
 * the service is not answering and offer to try again.
 */
export const RETRY_DELAYS_MS = STREAM_CONNECT_RETRY_DELAYS_MS;

/** Whether a failed attempt is tried again by itself: not once the retries have run out, nor when asking again cannot help (no token for this member). */
const retryDelay = (error: unknown, delays: readonly number[], failures: number) => (error instanceof ChatSetupError ? undefined : delays[failures]);
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
export const CONNECT_TIMEOUT_MS = STREAM_CONNECT_TIMEOUT_MS;

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

/** A service's automatic retries: the waits, the failures since it last connected, and what starts the next attempt. */
interface Retries {
  delays: readonly number[];
  failures: { current: number };
  again: () => void;
}

/**
 * One connect attempt under the deadline: `open` makes and connects the clients (tracking each, so that whatever a
 * cancelled or late attempt still opens is closed, never used); a failure schedules the next attempt while retries
 * remain (`failed` says whether one follows); returns the cleanup for the effect that runs it.
 */
const connectWithin = <T,>(
  open: (track: (client: Closable) => void, alive: () => boolean) => Promise<T | null>,
  { connected, failed, reset }: { connected: (value: T) => void; failed: (retrying: boolean) => void; reset: () => void },
  retries: Retries,
) => {
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
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
      retries.failures.current = 0;
      connected(value);
    } catch (error) {
      abandoned = true;
      if (!cancelled) {
        report(error);
        const delay = retryDelay(error, retries.delays, retries.failures.current);
        retries.failures.current += 1;
        if (delay !== undefined) retryTimer = setTimeout(retries.again, delay);
        failed(delay !== undefined);
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
    clearTimeout(retryTimer);
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
  retryDelaysMs = RETRY_DELAYS_MS,
  children,
}: {
  mode: ConnectionMode;
  /** The waits before each automatic retry after a failed attempt. */
  retryDelaysMs?: readonly number[];
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
  // Automatic retries (RETRY_DELAYS_MS): failures since the last connection or the member's own "Try again".
  const videoFailures = useRef(0);
  const chatFailures = useRef(0);
  const [videoRetry, setVideoRetry] = useState(0);
  const [chatRetry, setChatRetry] = useState(0);
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
    // Both clients' first tries share one token answer; a retry asks for its own.
    const key = videoRetry ? `${memberId}:${attempt}:video-retry-${videoRetry}` : `${memberId}:${attempt}`;
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
        connected: (videoClient) => setVideo({ connected: true, videoClient, failed: false, retrying: false }),
        failed: (retrying) => setVideo({ ...videoNotConnected, failed: !retrying, retrying }),
        // A retry's own start keeps saying that it is retrying.
        reset: () => setVideo((current) => ({ ...videoNotConnected, retrying: current.retrying })),
      },
      { delays: retryDelaysMs, failures: videoFailures, again: () => setVideoRetry((count) => count + 1) },
    );
    // Only a change of identity, or a retry, reconnects; the latest member is read through the ref.
  }, [mode, guestId, invitation, memberId, attempt, videoRetry, retryDelaysMs, memberToken, fetchToken, videoWaitsForChat, videoWaitsForIdle]);

  useEffect(() => {
    if (mode !== 'user' || !memberId || !chatAskedFor) return;
    const key = chatRetry ? `${memberId}:${attempt}:chat-retry-${chatRetry}` : `${memberId}:${attempt}`;
    return connectWithin(
      async (track, alive) => {
        const config = await loadRuntimeConfig();
        if (!streamConfigured(config) || !alive()) return null;
        const { token, apiKey, streamChatUuid } = await memberToken(key);
        const { StreamChat } = await import('stream-chat');
        if (!alive()) return null;
        const chatClient = new StreamChat(apiKey, streamChatOptions(config));
        track(chatClient);
        // stream-chat-react's Chat registers these only when it mounts, and /messages lists channels without it: a
        // poll arriving before a conversation opens would be missing from the poll cache and its message show empty.
        chatClient.polls.registerSubscriptions();
        await chatClient.connectUser({ id: streamChatUuid }, tokenProvider(token, async () => (await fetchToken()).token));
        return chatClient;
      },
      {
        connected: (chatClient) => setChat({ chatClient, failed: false, retrying: false }),
        failed: (retrying) => setChat({ ...chatNotConnected, failed: !retrying, retrying }),
        reset: () => setChat((current) => ({ ...chatNotConnected, retrying: current.retrying })),
      },
      { delays: retryDelaysMs, failures: chatFailures, again: () => setChatRetry((count) => count + 1) },
    );
  }, [mode, memberId, attempt, chatRetry, retryDelaysMs, chatAskedFor, memberToken, fetchToken]);

  const retry = useCallback(() => {
    videoFailures.current = 0;
    chatFailures.current = 0;
    setAttempt((count) => count + 1);
  }, []);
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
      retrying: video.retrying,
      chatFailed: chat.failed,
      chatRetrying: chat.retrying,
      retry,
      requestChat,
      requestChatFirst,
    }),
    [video, chat, mode, retry, requestChat, requestChatFirst],
  );
  return <StreamConnectionContext.Provider value={value}>{children}</StreamConnectionContext.Provider>;
};
