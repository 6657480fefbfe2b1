import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps } from './Modal';

const Harness = (props: Partial<ModalProps> & { onClosed?: () => void }) => {
  const [open, setOpen] = useState(false);
  const { onClosed, ...rest } = props;
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal
        title="Settings"
        {...rest}
        open={open}
        onClose={() => {
          setOpen(false);
          onClosed?.();
        }}
      >
        <button type="button">First</button>
        <input aria-label="Middle" />
        <button type="button">Last</button>
      </Modal>
    </>
  );
};

const openModal = async (props: Partial<ModalProps> & { onClosed?: () => void } = {}) => {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Open' }));
  return user;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('Modal', () => {
  it('is a named modal dialog while open and absent while closed', async () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Settings' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAttribute('open');
  });

  it.each(['default', 'large', 'chat'] as const)('renders the %s size', async (size) => {
    await openModal({ size });
    expect(screen.getByRole('dialog')).toHaveAttribute('data-size', size);
  });

  it('uses the default size when none is given', async () => {
    await openModal();
    expect(screen.getByRole('dialog')).toHaveAttribute('data-size', 'default');
  });

  it('has no close icon unless asked', async () => {
    await openModal();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });

  it('shows a close icon when asked, and it closes the dialog', async () => {
    const onClosed = vi.fn();
    const user = await openModal({ closeIcon: true, onClosed });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClosed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const onClosed = vi.fn();
    const user = await openModal({ onClosed });
    await user.keyboard('{Escape}');
    expect(onClosed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes by itself after the auto-close duration, not before', async () => {
    vi.useFakeTimers();
    const onClosed = vi.fn();
    render(<Harness autoCloseMs={3000} onClosed={onClosed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(onClosed).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('stays open without an auto-close duration', async () => {
    vi.useFakeTimers();
    render(<Harness />);
    fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('moves focus in, keeps Tab inside, and gives focus back when it closes', async () => {
    const user = await openModal({ closeIcon: true });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'First' })).toHaveFocus();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Last' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });
});
