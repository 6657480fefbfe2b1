import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from './Toaster';
import { TOAST_DURATION_MS, toast } from './toast';

afterEach(() => {
  vi.useRealTimers();
});

describe('Toaster', () => {
  it('announces successes politely and errors assertively', () => {
    render(<Toaster />);
    act(() => {
      toast.success('Saved');
      toast.error('Broken');
    });
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('status')).not.toHaveTextContent('Broken');
    expect(screen.getByRole('alert')).toHaveTextContent('Broken');
  });

  it(`dismisses a toast after ${TOAST_DURATION_MS} ms`, () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void toast.success('Short lived'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByRole('status')).toHaveTextContent('Short lived');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('can be dismissed by hand', async () => {
    render(<Toaster />);
    act(() => void toast.error('Dismiss me'));
    act(() => screen.getByRole('button', { name: 'Dismiss notification' }).click());
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});
