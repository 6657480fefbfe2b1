import { act, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@mentoring/shared';
import { resetRuntimeConfig } from './runtime-config';
import userEvent from '@testing-library/user-event';
import { CONNECT_TIMEOUT_MS, ConnectionNotice, StreamConnectionProvider, connectionCopy, useChatConnection, useStreamConnection } from './index';
import { setIdTokenSource } from '../api-client';

/** Stand-ins for the Stream SDK clients: they record what the provider asks of them. */
const sdk = vi.hoisted(() => {
  class FakeClient {
    static instances: FakeClient[] = [];
    connected = false;
    user: unknown = null;
    tokenProvider: (() => Promise<string>) | null = null;
    connectUser = vi.fn(async (user: unknown, provider: () => Promise<string>) => {
      this.user = user;
      this.tokenProvider = provider;
      await provider();
      await sdk.connectGate;
      if (sdk.failConnect || (sdk.failChat && this instanceof sdk.FakeChat)) throw new Error('websocket refused');
      this.connected = true;
    });
    disconnectUser = vi.fn(async () => {
      this.connected = false;
    });
    constructor(
      readonly apiKey: string,
      readonly options?: unknown,
    ) {
      (this.constructor as typeof FakeClient).instances.push(this);
    }
  }
  class FakeChat extends FakeClient {
    static override instances: FakeChat[] = [];
    polls = { registerSubscriptions: vi.fn() };
  }
  class FakeVideo extends FakeClient {
    static override instances: FakeVideo[] = [];
  }
  return { FakeChat, FakeVideo, connectGate: Promise.resolve() as Promise<void>, failConnect: false, failChat: false };
});
vi.mock('stream-chat', () => ({ StreamChat: sdk.FakeChat }));
vi.mock('@stream-io/video-react-sdk', () => ({ StreamVideoClient: sdk.FakeVideo }));

const auth = vi.hoisted(() => ({
  state: {
    status: 'signedIn' as 'loading' | 'signedIn' | 'signedOut',
    user: { id: 'sub-1', name: 'Ada Lovelace', email: 'ada@example.org' } as { id: string; name: string; email: string } | null,
    getIdToken: async () => 'id-token-1' as string | null,
    signOut: async () => undefined,
  },
}));
vi.mock('../auth', () => ({ useAuth: () => auth.state }));

const GUEST_ID = 'guest-0b7f3c1e-5d2a-4c8e-9f61-2a3b4c5d6e7f';
let tokenAnswer: () => unknown;
let configAnswer: unknown;
const answerFetch = async (input: RequestInfo | URL, _init?: RequestInit) => {
  const url = String(input);
  const body = url.startsWith('/config.json') ? configAnswer : tokenAnswer();
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
};
const fetchMock = vi.fn(answerFetch);
const tokenRequests = () => fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/chat/getOrCreateToken'));

/** A page's view of the connection: video's status, and whether each client is there (asking for chat unless told not to). */
const Probe = ({ chat = true }: { chat?: boolean }) => {
  const { status, mode, chatClient, videoClient, requestChat } = useStreamConnection();
  useEffect(() => {
    if (chat) requestChat();
  }, [chat, requestChat]);
  return (
    <p data-testid="probe">
      {status} {mode} chat:{chatClient ? 'yes' : 'no'} video:{videoClient ? 'yes' : 'no'}
    </p>
  );
};
const probe = () => screen.getByTestId('probe').textContent;
const renderProvider = (element: ReactNode) => render(<StrictMode>{element}</StrictMode>);
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
/** For the tests of what a failure leaves once the automatic retries have run out. */
const noRetries: readonly number[] = [];

describe('StreamConnectionProvider', () => {
  let errors: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    sdk.FakeChat.instances = [];
    sdk.FakeVideo.instances = [];
    sdk.connectGate = Promise.resolve();
    sdk.failConnect = false;
    sdk.failChat = false;
    auth.state.status = 'signedIn';
    auth.state.user = { id: 'sub-1', name: 'Ada Lovelace', email: 'ada@example.org' };
    configAnswer = { stage: 'test', version: '1', stream: { configured: true } };
    tokenAnswer = () => ({ token: 'stream-token', apiKey: 'api-key', user: { streamChatUuid: 'sub-1', id: 'sub-1', name: 'Ada Lovelace', email: 'ada@example.org' } });
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    resetRuntimeConfig();
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    errors.mockRestore();
  });

  it('connects chat and video under the member identity, once, even in StrictMode', async () => {
    renderProvider(
      <StreamConnectionProvider mode="user">
        <Probe />
      </StreamConnectionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
    expect(sdk.FakeChat.instances).toHaveLength(1);
    expect(sdk.FakeVideo.instances).toHaveLength(1);
    expect(tokenRequests()).toHaveLength(1);
    const [chat] = sdk.FakeChat.instances;
    const [video] = sdk.FakeVideo.instances;
    expect(chat!.apiKey).toBe('api-key');
    // The id only: the name members see is their profile's, kept on their Stream user by the server.
    expect(chat!.user).toEqual({ id: 'sub-1' });
    expect(video!.user).toEqual({ id: 'sub-1' });
    expect(errors).not.toHaveBeenCalled();
  });

  it('connects video alone until a page asks for chat, then chat on the same token answer', async () => {
    const AskForChat = () => {
      const { status, chatClient } = useChatConnection();
      return <p data-testid="chat-page">{status} {chatClient ? 'chat' : 'no chat'}</p>;
    };
    const { rerender } = renderProvider(
      <StreamConnectionProvider mode="user">
        <Probe chat={false} />
      </StreamConnectionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('connected user chat:no video:yes'));
    await settle();
    expect(sdk.FakeChat.instances).toHaveLength(0);
    rerender(
      <StrictMode>
        <StreamConnectionProvider mode="user">
          <Probe chat={false} />
          <AskForChat />
        </StreamConnectionProvider>
      </StrictMode>,
    );
    expect(screen.getByTestId('chat-page')).toHaveTextContent('not-connected no chat');
    await waitFor(() => expect(screen.getByTestId('chat-page')).toHaveTextContent('connected chat'));
    expect(probe()).toBe('connected user chat:yes video:yes');
    expect(sdk.FakeChat.instances).toHaveLength(1);
    expect(sdk.FakeChat.instances[0]!.user).toEqual({ id: 'sub-1' });
    expect(tokenRequests()).toHaveLength(1);
    // Leaving the chat page keeps chat open for the next one, and the video connection as it was.
    rerender(
      <StrictMode>
        <StreamConnectionProvider mode="user">
          <Probe chat={false} />
        </StreamConnectionProvider>
      </StrictMode>,
    );
    await settle();
    expect(probe()).toBe('connected user chat:yes video:yes');
    expect(sdk.FakeChat.instances[0]!.disconnectUser).not.toHaveBeenCalled();
    expect(sdk.FakeVideo.instances).toHaveLength(1);
  });

  it('holds video (and its SDK) back until chat has connected when the page asks for chat first', async () => {
    let openGate = () => undefined as void;
    sdk.connectGate = new Promise<void>((resolve) => (openGate = resolve));
    const ChatFirstPage = () => {
      const { status } = useChatConnection({ first: true });
      return <p data-testid="chat-page">{status}</p>;
    };
    renderProvider(
      <StreamConnectionProvider mode="user">
        <Probe chat={false} />
        <ChatFirstPage />
      </StreamConnectionProvider>,
    );
    await waitFor(() => expect(sdk.FakeChat.instances).toHaveLength(1));
    await settle();
    expect(sdk.FakeVideo.instances).toHaveLength(0);
    openGate();
    await waitFor(() => expect(screen.getByTestId('chat-page')).toHaveTextContent('connected'));
    await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
    expect(sdk.FakeVideo.instances).toHaveLength(1);
    expect(tokenRequests()).toHaveLength(1);
  });

  it('connects video after all when chat, asked for first, fails', async () => {
    sdk.failChat = true;
    const ChatFirstPage = () => {
      const { status } = useChatConnection({ first: true });
      return status === 'connected' ? <p>chat ready</p> : <ConnectionNotice service="chat" />;
    };
    renderProvider(
      <StreamConnectionProvider mode="user" retryDelaysMs={noRetries}>
        <Probe chat={false} />
        <ChatFirstPage />
      </StreamConnectionProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(connectionCopy.chat.failedTitle);
    await waitFor(() => expect(probe()).toBe('connected user chat:no video:yes'));
  });

  it('leaves a video connection already under way alone when a page then asks for chat first', async () => {
    const ChatFirstPage = () => {
      useChatConnection({ first: true });
      return null;
    };
    const { rerender } = renderProvider(
      <StreamConnectionProvider mode="user">
        <Probe chat={false} />
      </StreamConnectionProvider>,
    );
    await waitFor(() => expect(probe()).toBe('connected user chat:no video:yes'));
    rerender(
      <StrictMode>
        <StreamConnectionProvider mode="user">
          <Probe chat={false} />
          <ChatFirstPage />
        </StreamConnectionProvider>
      </StrictMode>,
    );
    await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
    await settle();
    expect(sdk.FakeVideo.instances).toHaveLength(1);
    expect(sdk.FakeVideo.instances[0]!.disconnectUser).not.toHaveBeenCalled();
  });

  it('keeps video connected and says chat failed on the chat page alone when only chat fails', async () => {
    sdk.failChat = true;
    const ChatPage = () => {
      const { status } = useChatConnection();
      return status === 'connected' ? <p>chat ready</p> : <ConnectionNotice service="chat" />;
    };
    renderProvider(
      <StreamConnectionProvider mode="user" retryDelaysMs={noRetries}>
        <Probe chat={false} />
        <ChatPage />
        <ConnectionNotice service="calls" />
      </StreamConnectionProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(connectionCopy.chat.failedTitle);
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(probe()).toBe('connected user chat:no video:yes');
    sdk.failChat = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('chat ready');
  });

  it('points the chat client at the local stand-in when /config.json names one, and at Stream otherwise', async () => {
    configAnswer = { stage: 'local', version: '1', stream: { configured: true, local: true, baseUrl: 'http://127.0.0.1:4100' } };
    renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
    expect(sdk.FakeChat.instances[0]!.options).toEqual({ baseURL: 'http://127.0.0.1:4100' });
  });

  it('leaves the chat client on Stream’s own hosts without a stand-in', async () => {
    renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
    expect(sdk.FakeChat.instances[0]!.options).toBeUndefined();
  });

  it('asks for the member token with the spec query and the Cognito ID token', async () => {
    setIdTokenSource(async () => 'id-token-1');
    renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(tokenRequests()).toHaveLength(1));
    const [url, init] = tokenRequests()[0]!;
    const query = new URL(String(url), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ userId: 'sub-1', userName: 'Ada Lovelace', email: 'ada@example.org', isGuest: 'false' });
    expect(init!.headers).toEqual({ authorization: 'Bearer id-token-1' });
    setIdTokenSource(async () => null);
  });

  it('is not connected until both clients have connected', async () => {
    let open!: () => void;
    sdk.connectGate = new Promise((resolve) => (open = resolve));
    renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(sdk.FakeChat.instances[0]?.connectUser).toHaveBeenCalled());
    await settle();
    expect(probe()).toBe('not-connected user chat:no video:no');
    open();
    await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
  });

  it('connects a guest to video only, as Guest User with the guest id, sending the invitation from the link', async () => {
    tokenAnswer = () => ({ token: 'guest-token', apiKey: 'api-key' });
    auth.state.status = 'signedOut';
    auth.state.user = null;
    renderProvider(<StreamConnectionProvider mode="guest" guestId={GUEST_ID} invitation="v1.payload.signature"><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(probe()).toBe('connected guest chat:no video:yes'));
    expect(sdk.FakeChat.instances).toHaveLength(0);
    expect(sdk.FakeVideo.instances[0]!.user).toEqual({ id: GUEST_ID, name: 'Guest User' });
    const query = new URL(String(tokenRequests()[0]![0]), 'http://localhost').searchParams;
    expect(Object.fromEntries(query)).toEqual({ streamChatUuid: GUEST_ID, isGuest: 'true', invitation: 'v1.payload.signature' });
    expect(tokenRequests()[0]![1]!.headers).toEqual({});
  });

  it.each([
    ['guest', messages.chatSetup.noGuestToken, { apiKey: 'api-key' }],
    ['user', messages.chatSetup.noUserToken, { apiKey: 'api-key', user: { streamChatUuid: 'sub-1' } }],
    ['user', messages.chatSetup.noStreamChatUuid, { token: 'stream-token', apiKey: 'api-key', user: { id: 'sub-1' } }],
  ] as const)('in %s mode, logs "%s" and stays not connected, never showing it', async (mode, message, answer) => {
    tokenAnswer = () => answer;
    const { container } = renderProvider(
      <StreamConnectionProvider mode={mode} guestId={GUEST_ID}><Probe /></StreamConnectionProvider>,
    );
    await waitFor(() => expect(errors).toHaveBeenCalledWith(message));
    await settle();
    expect(probe()).toMatch(/^not-connected /);
    expect(container.textContent).not.toContain(message);
    expect([...sdk.FakeChat.instances, ...sdk.FakeVideo.instances].every((client) => !client.connected)).toBe(true);
  });

  it('logs a failed API answer (401) as the missing token, not connected', async () => {
    fetchMock.mockImplementationOnce(async () => new Response(JSON.stringify(configAnswer)));
    fetchMock.mockImplementationOnce(async () => new Response('{"error":{"code":"unauthenticated","message":"x"}}', { status: 401 }));
    renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(errors).toHaveBeenCalledWith(messages.chatSetup.noUserToken));
    expect(probe()).toBe('not-connected user chat:no video:no');
  });

  it('stays not connected and disconnects what it opened when a client fails to connect', async () => {
    sdk.failConnect = true;
    renderProvider(<StreamConnectionProvider mode="user" retryDelaysMs={noRetries}><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(errors).toHaveBeenCalled());
    await settle();
    expect(probe()).toBe('not-connected user chat:no video:no');
    expect(sdk.FakeChat.instances[0]!.disconnectUser).toHaveBeenCalled();
    expect(sdk.FakeVideo.instances[0]!.disconnectUser).toHaveBeenCalled();
  });

  it('tells the page an attempt failed (never why) and connects when asked to try again', async () => {
    sdk.failConnect = true;
    renderProvider(
      <StreamConnectionProvider mode="user" retryDelaysMs={noRetries}>
        <ConnectionNotice service="chat" />
        <Probe />
      </StreamConnectionProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(connectionCopy.chat.failedTitle);
    expect(alert).toHaveTextContent(connectionCopy.chat.failedText);
    // Messages speaks of chat only, and never blames the member's own connection.
    expect(alert).not.toHaveTextContent(/video|check your connection/i);
    expect(alert).not.toHaveTextContent('websocket refused');
    sdk.failConnect = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('words the failure for calls on the call pages', async () => {
    sdk.failConnect = true;
    renderProvider(
      <StreamConnectionProvider mode="user" retryDelaysMs={noRetries}>
        <ConnectionNotice service="calls" />
      </StreamConnectionProvider>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(connectionCopy.calls.failedTitle);
    expect(alert).not.toHaveTextContent(/chat/i);
  });

  it('turns a connection that never answers into the error state after the timeout, and closes what it opened', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      // The socket opens (connectUser is called) but no answer ever comes.
      sdk.connectGate = new Promise(() => undefined);
      renderProvider(
        <StreamConnectionProvider mode="user" retryDelaysMs={noRetries}>
          <ConnectionNotice service="chat" />
          <Probe />
        </StreamConnectionProvider>,
      );
      await waitFor(() => expect(sdk.FakeVideo.instances[0]?.connectUser).toHaveBeenCalled());
      expect(screen.getByRole('status')).toHaveTextContent(connectionCopy.chat.connecting);
      await act(async () => vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS - 1_000));
      expect(screen.queryByRole('alert')).toBeNull();
      await act(async () => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.getByRole('alert')).toHaveTextContent(connectionCopy.chat.failedTitle);
      expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
      expect(probe()).toBe('not-connected user chat:no video:no');
      expect(sdk.FakeChat.instances[0]!.disconnectUser).toHaveBeenCalled();
      expect(sdk.FakeVideo.instances[0]!.disconnectUser).toHaveBeenCalled();
      expect(errors).toHaveBeenCalledWith('Stream connection failed', expect.objectContaining({ message: expect.stringMatching(/did not answer/) }));

      // Trying again starts a fresh attempt, which this time answers.
      sdk.connectGate = Promise.resolve();
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
      expect(sdk.FakeChat.instances).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('tries again by itself, with backoff and saying so, after an attempt that is not answered', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sdk.connectGate = new Promise(() => undefined);
      renderProvider(
        <StreamConnectionProvider mode="user" retryDelaysMs={[2_000, 4_000]}>
          <ConnectionNotice service="chat" />
          <Probe />
        </StreamConnectionProvider>,
      );
      await waitFor(() => expect(sdk.FakeChat.instances[0]?.connectUser).toHaveBeenCalled());
      await act(async () => vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS));
      expect(screen.getByRole('status')).toHaveTextContent(connectionCopy.chat.retrying);
      expect(screen.queryByRole('alert')).toBeNull();
      // Nothing before its wait (less the moments the page took to connect, as the clock also runs); then a fresh
      // client, which is not answered either.
      await act(async () => vi.advanceTimersByTimeAsync(1_500));
      expect(sdk.FakeChat.instances).toHaveLength(1);
      await act(async () => vi.advanceTimersByTimeAsync(500));
      await waitFor(() => expect(sdk.FakeChat.instances).toHaveLength(2));
      await act(async () => vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS));
      expect(screen.getByRole('status')).toHaveTextContent(connectionCopy.chat.retrying);
      // The second retry waits twice as long, and is answered.
      sdk.connectGate = Promise.resolve();
      await act(async () => vi.advanceTimersByTimeAsync(3_500));
      expect(sdk.FakeChat.instances).toHaveLength(2);
      await act(async () => vi.advanceTimersByTimeAsync(500));
      await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('says chat is not answering once its automatic retries have run out', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      sdk.connectGate = new Promise(() => undefined);
      renderProvider(
        <StreamConnectionProvider mode="user" retryDelaysMs={[1_000]}>
          <ConnectionNotice service="chat" />
          <Probe />
        </StreamConnectionProvider>,
      );
      await waitFor(() => expect(sdk.FakeChat.instances[0]?.connectUser).toHaveBeenCalled());
      await act(async () => vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS + 1_000));
      await waitFor(() => expect(sdk.FakeChat.instances).toHaveLength(2));
      expect(screen.queryByRole('alert')).toBeNull();
      await act(async () => vi.advanceTimersByTimeAsync(CONNECT_TIMEOUT_MS));
      expect(screen.getByRole('alert')).toHaveTextContent(connectionCopy.chat.failedTitle);
      expect(sdk.FakeChat.instances).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('does not ask again by itself when the API gives the member no token', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).startsWith('/config.json') ? new Response(JSON.stringify(configAnswer)) : new Response('{"error":{"code":"unauthenticated","message":"x"}}', { status: 401 }),
    );
    try {
      renderProvider(
        <StreamConnectionProvider mode="user" retryDelaysMs={[10]}>
          <ConnectionNotice service="chat" />
          <Probe />
        </StreamConnectionProvider>,
      );
      expect(await screen.findByRole('alert')).toHaveTextContent(connectionCopy.chat.failedTitle);
      await settle();
      expect(tokenRequests()).toHaveLength(1);
    } finally {
      fetchMock.mockImplementation(answerFetch);
    }
  });

  it('disconnects both clients on cleanup', async () => {
    const { unmount } = renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
    unmount();
    expect(sdk.FakeChat.instances[0]!.disconnectUser).toHaveBeenCalledTimes(1);
    expect(sdk.FakeVideo.instances[0]!.disconnectUser).toHaveBeenCalledTimes(1);
  });

  it('leaks no socket when it unmounts while connecting', async () => {
    let open!: () => void;
    sdk.connectGate = new Promise((resolve) => (open = resolve));
    const { unmount } = renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(sdk.FakeVideo.instances[0]?.connectUser).toHaveBeenCalled());
    unmount();
    open();
    await settle();
    expect(sdk.FakeChat.instances[0]!.connected).toBe(false);
    expect(sdk.FakeVideo.instances[0]!.connected).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });

  it('hands the SDKs a token provider that fetches a fresh token after the first', async () => {
    renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await waitFor(() => expect(probe()).toBe('connected user chat:yes video:yes'));
    tokenAnswer = () => ({ token: 'refreshed-token', apiKey: 'api-key', user: { streamChatUuid: 'sub-1' } });
    await expect(sdk.FakeChat.instances[0]!.tokenProvider!()).resolves.toBe('refreshed-token');
    await expect(sdk.FakeVideo.instances[0]!.tokenProvider!()).resolves.toBe('refreshed-token');
    expect(tokenRequests()).toHaveLength(3);
  });

  it('does not connect a member who is signed out', async () => {
    auth.state.status = 'signedOut';
    auth.state.user = null;
    renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await settle();
    expect(probe()).toBe('not-connected user chat:no video:no');
    expect(tokenRequests()).toHaveLength(0);
  });

  it('does not try to connect when the stage has no Stream credentials', async () => {
    configAnswer = { stage: 'local', version: '1', stream: { configured: false } };
    renderProvider(<StreamConnectionProvider mode="user"><Probe /></StreamConnectionProvider>);
    await settle();
    expect(probe()).toBe('not-connected user chat:no video:no');
    expect(tokenRequests()).toHaveLength(0);
  });

  it('needs a guest id in guest mode', async () => {
    renderProvider(<StreamConnectionProvider mode="guest"><Probe /></StreamConnectionProvider>);
    await settle();
    expect(probe()).toBe('not-connected guest chat:no video:no');
    expect(tokenRequests()).toHaveLength(0);
  });

  it('refuses to be used outside the provider', () => {
    expect(() => render(<Probe />)).toThrow(/inside <StreamConnectionProvider>/);
  });
});
