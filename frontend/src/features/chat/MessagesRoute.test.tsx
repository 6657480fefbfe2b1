import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRuntimeConfig } from '@/lib/stream/runtime-config';
import { chatCopy } from './copy';
import { MessagesRoute } from './index';

const auth = vi.hoisted(() => ({ status: 'signedIn' as 'signedIn' | 'signedOut' }));
vi.mock('@/lib/auth', async () => {
  const { Navigate } = await import('react-router');
  return {
    useAuth: () => ({
      status: auth.status,
      user: auth.status === 'signedIn' ? { id: 'ada', name: 'Ada Lovelace', email: 'ada@example.org' } : null,
      getIdToken: async () => 'id-token',
      signOut: async () => undefined,
    }),
    RequireAuth: ({ children }: { children: ReactNode }) => (auth.status === 'signedIn' ? children : <Navigate to="/login?next=%2Fmessages" />),
  };
});

const fetchMock = vi.fn(async (input: RequestInfo | URL) =>
  String(input) === '/config.json'
    ? Response.json({ stage: 'local', version: '1', stream: { configured: false } })
    : new Response(null, { status: 500 }),
);

describe('the /messages route', () => {
  beforeEach(() => {
    resetRuntimeConfig();
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    auth.status = 'signedIn';
  });
  afterEach(() => vi.unstubAllGlobals());

  it('tells a member in plain words that chat is unavailable on a stage without Stream credentials, and asks for no token', async () => {
    render(
      <MemoryRouter>
        <MessagesRoute />
      </MemoryRouter>,
    );
    expect(await screen.findByText(chatCopy.notConfigured)).toBeInTheDocument();
    // Configuration is for operators (the npm start banner), never shown to members.
    expect(document.body.textContent).not.toMatch(/STREAM_API|credentials|stage/i);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/config.json']);
  });

  it('sends a signed-out visitor to sign in', () => {
    auth.status = 'signedOut';
    render(
      <MemoryRouter initialEntries={['/messages']}>
        <MessagesRoute />
      </MemoryRouter>,
    );
    expect(screen.queryByText(chatCopy.connecting)).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
