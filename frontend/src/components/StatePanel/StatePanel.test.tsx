import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EmptyState, ErrorState, LoadingState } from './StatePanel';

describe('state panels', () => {
  it('loading: an indicator with words, announced politely', () => {
    const { container } = render(<LoadingState label="Loading your sessions…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Loading your sessions…');
    expect(status.textContent).not.toBe('Loading…');
    // The spinner is a picture only: hidden from assistive technology, present for the eye.
    expect(container.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });

  it('empty: says what it means and offers the next action', () => {
    render(
      <EmptyState title="No conversations yet" action={<a href="/calls">Start a call</a>}>
        <p>Search for a member to start one.</p>
      </EmptyState>,
    );
    expect(screen.getByRole('heading', { name: 'No conversations yet' })).toBeInTheDocument();
    expect(screen.getByText('Search for a member to start one.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a call' })).toHaveAttribute('href', '/calls');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('error: an alert in words with a retry that calls back', async () => {
    const retry = vi.fn();
    render(
      <ErrorState title="Chat is not answering" onRetry={retry}>
        <p>Try again in a moment.</p>
      </ErrorState>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Chat is not answering');
    expect(screen.getByRole('alert')).toHaveTextContent('Try again in a moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('error without a retry offers no button', () => {
    render(<ErrorState title="Video calls are not available right now" />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
