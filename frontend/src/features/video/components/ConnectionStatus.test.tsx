import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CallingState, type Call } from '@stream-io/video-react-sdk';
import { createOfflineClient, type OfflineClient } from '@testing/video/offlineStream';
import { installBrowserStubs } from '@testing/video/browserStubs';
import { renderInCall } from '@testing/video/renderCall';
import { copy as text } from '../copy';
import { ConnectionStatus, RECONNECTED_NOTICE_MS } from './ConnectionStatus';

/*
 * The words for each connection state, driven through the SDK's own call state store (the calling state the
 * SDK sets while it reconnects, goes offline, migrates or gives up), as a real call would move through them.
 */

beforeAll(installBrowserStubs);

const clients: OfflineClient[] = [];
afterEach(async () => {
  vi.useRealTimers();
  for (const { client } of clients.splice(0)) await client.disconnectUser().catch(() => undefined);
});

const inCall = async (onRejoin: () => Promise<void> = vi.fn(async () => undefined)) => {
  const offline = await createOfflineClient({ userId: 'alice' });
  clients.push(offline);
  const call = offline.client.call('default', 'connection');
  act(() => call.state.setCallingState(CallingState.JOINED));
  renderInCall(offline.client, call, <ConnectionStatus onRejoin={onRejoin} />);
  const move = (state: CallingState) => act(() => call.state.setCallingState(state));
  return { call, move, onRejoin };
};

describe('the connection, in words, in a live region', () => {
  it('says nothing while the call is connected', async () => {
    await inCall();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
  });

  it.each([
    [CallingState.RECONNECTING, text.connection.reconnecting],
    [CallingState.OFFLINE, text.connection.offline],
    [CallingState.MIGRATING, text.connection.migrating],
  ])('%s: says so, then "reconnected" once joined again, which goes away by itself', async (state, words) => {
    const { move } = await inCall();
    move(state);
    expect(screen.getByRole('status')).toHaveTextContent(words);
    vi.useFakeTimers();
    move(CallingState.JOINED);
    expect(screen.getByRole('status')).toHaveTextContent(text.connection.reconnected);
    act(() => vi.advanceTimersByTime(RECONNECTED_NOTICE_MS));
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('offline then reconnecting says each in turn', async () => {
    const { move } = await inCall();
    move(CallingState.OFFLINE);
    expect(screen.getByRole('status')).toHaveTextContent(text.connection.offline);
    move(CallingState.RECONNECTING);
    expect(screen.getByRole('status')).toHaveTextContent(text.connection.reconnecting);
  });

  it('a failed reconnection is an alert with a way to rejoin the same call', async () => {
    const joined: { call?: Call } = {};
    const onRejoin = vi.fn(async () => {
      joined.call?.state.setCallingState(CallingState.JOINED);
    });
    const setup = await inCall(onRejoin);
    joined.call = setup.call;
    setup.move(CallingState.RECONNECTING);
    setup.move(CallingState.RECONNECTING_FAILED);
    expect(screen.getByRole('alert')).toHaveTextContent(text.connection.failed);
    await userEvent.click(screen.getByRole('button', { name: text.connection.rejoin }));
    expect(onRejoin).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent(text.connection.reconnected);
  });

  it('a rejoin that fails says so and offers to try again', async () => {
    const setup = await inCall(vi.fn(async () => Promise.reject(new Error('SFU unreachable'))));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup.move(CallingState.RECONNECTING_FAILED);
    await userEvent.click(screen.getByRole('button', { name: text.connection.rejoin }));
    expect(await screen.findByText(text.connection.rejoinFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text.connection.rejoin })).toBeEnabled();
  });
});
