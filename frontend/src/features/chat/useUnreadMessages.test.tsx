import { act, render, screen, waitFor } from '@testing-library/react';
import type { StreamChat } from 'stream-chat';
import { describe, expect, it, vi } from 'vitest';
import { StreamConnectionContext, type StreamConnection } from '@/lib/stream/context';
import { useUnreadMessages } from './useUnreadMessages';

/** A chat client as far as the count needs it: the connected user's total, and its events. */
const fakeChat = (total: number) => {
  const listeners = new Set<(event: { total_unread_count?: number }) => void>();
  const client = {
    user: { id: 'sub-1', total_unread_count: total },
    on: (listener: (event: { total_unread_count?: number }) => void) => {
      listeners.add(listener);
      return { unsubscribe: () => listeners.delete(listener) };
    },
  };
  return { client: client as unknown as StreamChat, emit: (event: { total_unread_count?: number }) => listeners.forEach((listener) => listener(event)), listeners };
};

const connection = (overrides: Partial<StreamConnection>): StreamConnection => ({
  status: 'connected',
  mode: 'user',
  chatClient: null,
  videoClient: null,
  failed: false,
  chatFailed: false,
  chatRetrying: false,
  retrying: false,
  retry: () => undefined,
  requestChat: () => undefined,
  requestChatFirst: () => undefined,
  ...overrides,
});

const Count = () => <p data-testid="count">{String(useUnreadMessages())}</p>;

describe('useUnreadMessages', () => {
  it('asks for chat once the page is idle, and is null until chat is connected', async () => {
    const requestChat = vi.fn();
    render(
      <StreamConnectionContext.Provider value={connection({ requestChat })}>
        <Count />
      </StreamConnectionContext.Provider>,
    );
    expect(screen.getByTestId('count')).toHaveTextContent('null');
    await waitFor(() => expect(requestChat).toHaveBeenCalled());
  });

  it("reads the member's total from chat and follows Stream's events", async () => {
    const chat = fakeChat(2);
    const { unmount } = render(
      <StreamConnectionContext.Provider value={connection({ chatClient: chat.client })}>
        <Count />
      </StreamConnectionContext.Provider>,
    );
    expect(screen.getByTestId('count')).toHaveTextContent('2');
    act(() => chat.emit({ total_unread_count: 5 }));
    expect(screen.getByTestId('count')).toHaveTextContent('5');
    // Events without a count leave it as it is.
    act(() => chat.emit({}));
    expect(screen.getByTestId('count')).toHaveTextContent('5');
    unmount();
    expect(chat.listeners.size).toBe(0);
  });
});
