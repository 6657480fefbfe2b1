import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { GuestLink } from './GuestLink';

const requests: string[] = [];
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  requests.length = 0;
});
afterAll(() => server.close());

const answerWith = (response: () => Response) =>
  server.use(
    http.post('*/api/calls/:type/:id/guest-invitations', ({ request }) => {
      requests.push(`${request.method} ${new URL(request.url).pathname}`);
      return response();
    }),
  );

describe('GuestLink', () => {
  it('asks the API for an invitation to this call and offers the whole link to copy', async () => {
    answerWith(() => HttpResponse.json({ invitation: 'v1.p.s', path: '/join/default/abc#invitation=v1.p.s', expiresAt: '2026-01-02T00:00:00.000Z' }, { status: 201 }));
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<GuestLink type="default" id="abc" />);
    await user.click(screen.getByRole('button', { name: 'Create a guest link' }));
    const field = await screen.findByLabelText('Guest link');
    expect(requests).toEqual(['POST /api/calls/default/abc/guest-invitations']);
    expect(field).toHaveValue(`${window.location.origin}/join/default/abc#invitation=v1.p.s`);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/join/default/abc#invitation=v1.p.s`);
    expect(screen.getByRole('status')).toHaveTextContent('Link copied');
  });

  it('says so when the API refuses, and offers to try again', async () => {
    answerWith(() => HttpResponse.json({ error: { code: 'forbidden', message: 'Only members of this call can invite guests to it.' } }, { status: 403 }));
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<GuestLink type="default" id="abc" />);
    await user.click(screen.getByRole('button', { name: 'Create a guest link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not create a guest link.');
    expect(screen.getByRole('button', { name: 'Create a guest link' })).toBeEnabled();
    expect(screen.queryByLabelText('Guest link')).toBeNull();
  });
});
