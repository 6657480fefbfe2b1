import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { renderRoutes } from '@testing/mentoring/render';
import type { PublicWorkshop } from '../api';
import { publicWorkshopRoutes as routes } from '../routes';

// jsdom has no Media Source Extensions: hls.js stands in as a player that plays whatever it is given.
vi.mock('hls.js/light', () => ({
  default: class {
    static isSupported = () => true;
    static Events = { ERROR: 'hlsError' };
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  },
}));

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

// Two workshops: the page keeps one query cache for the whole app (lib/query.tsx), across these tests too.
const ID = '0b7c6f1e-1d1a-4c43-9a39-3f7b1d2e4a10';
const OTHER = '5d2e8a4c-7f1b-4e6a-9c3d-2b8f0a1e6c47';
/** The player (a video has no role to find it by): there while the workshop is on air. */
const player = () => document.querySelector('video[aria-label="Broadcast of “Compilers, broadcast”"]');

const onAir: PublicWorkshop = {
  id: ID,
  title: 'Compilers, broadcast',
  description: 'A walk through a small compiler.',
  startsAt: '2026-06-01T16:00:00.000Z',
  durationMinutes: 60,
  state: 'live',
  hostName: 'Grace Hopper',
  broadcast: { playlistUrl: 'http://localhost:4510/hls/livestream/x/index.m3u8' },
};

it('keeps the broadcast playing when one of its checks fails, and follows the next answer', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  let answer: () => Response = () => HttpResponse.json(onAir);
  server.use(http.get('*/api/public/workshops/:id', () => answer()));
  renderRoutes(routes, `/watch/${ID}`, { signedIn: false });
  await waitFor(() => expect(player()).toBeInTheDocument());

  answer = () => HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong on our side.' } }, { status: 500 });
  await act(() => vi.advanceTimersByTimeAsync(6000));
  expect(player()).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();

  answer = () => HttpResponse.json({ ...onAir, broadcast: null, state: 'ended' });
  await act(() => vi.advanceTimersByTimeAsync(6000));
  expect(await screen.findByRole('heading', { name: 'This workshop has ended' })).toBeInTheDocument();
});

it('says so when the first answer fails', async () => {
  server.use(http.get('*/api/public/workshops/:id', () => HttpResponse.json({ error: { code: 'internal', message: 'Something went wrong on our side.' } }, { status: 500 })));
  renderRoutes(routes, `/watch/${OTHER}`, { signedIn: false });
  expect(await screen.findByRole('button', { name: /try again/i })).toBeInTheDocument();
});
