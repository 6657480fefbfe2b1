import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { entriesForRole, memberNav } from '../member-nav';
import { MemberHeader } from './MemberHeader';

const member = { name: 'Ada Lovelace', email: 'ada@example.org' };

const renderHeader = (props: Partial<Parameters<typeof MemberHeader>[0]> = {}, path = '/messages') => {
  const onSignOut = vi.fn();
  render(
    <MemoryRouter initialEntries={[path]}>
      <MemberHeader entries={memberNav} current="Messages" member={member} onSignOut={onSignOut} {...props} />
    </MemoryRouter>,
  );
  return { onSignOut };
};

describe('MemberHeader', () => {
  it('lists every section it is given, marks the current one, and its logo stays in the app', () => {
    renderHeader();
    const nav = screen.getByRole('navigation', { name: 'Your sections' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual(memberNav.map(({ label }) => label));
    expect(within(nav).getByRole('link', { name: 'Messages' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Bridge Mentoring' })).toHaveAttribute('href', '/home');
    // No marketing links in the member's header.
    expect(screen.queryByRole('link', { name: 'Donate' })).toBeNull();
  });

  it('marks only the section it is told, whatever the path looks like: a group session’s room is under /calls', () => {
    renderHeader({ current: 'Group sessions' }, '/calls/livestream/g-0f8fad5b-d9cb-469f-a165-70867728950e');
    const nav = screen.getByRole('navigation', { name: 'Your sections' });
    expect(within(nav).getByRole('link', { name: 'Group sessions' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Calls' })).not.toHaveAttribute('aria-current');
  });

  it('shows a mentor the entries of a mentor only', () => {
    renderHeader({ entries: entriesForRole(memberNav, 'mentor') });
    const nav = screen.getByRole('navigation', { name: 'Your sections' });
    expect(within(nav).queryByRole('link', { name: 'Mentors' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Calls' })).toBeInTheDocument();
  });

  it('opens the account menu, closes it with Escape back on its button, and signs out from it', async () => {
    const { onSignOut } = renderHeader();
    const button = screen.getByRole('button', { name: /Ada Lovelace/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('ada@example.org')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Your account' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    await userEvent.click(button);
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(onSignOut).toHaveBeenCalledOnce();
  });

  it('folds everything into one Menu button for phones, which opens on the first section', async () => {
    renderHeader();
    const menu = screen.getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveFocus();
  });
});
