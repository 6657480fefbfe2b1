import { screen, waitFor, within } from '@testing-library/react';
import { renderWithQuery as render } from '@testing/query';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { nameMessages } from '@mentoring/shared/names';
import { authMessages } from '../copy';
import { AccountPage } from './AccountPage';

const api = vi.hoisted(() => ({ updateUserAttributes: vi.fn(), updatePassword: vi.fn() }));
vi.mock('@/lib/auth/amplify', () => ({ loadAuth: async () => ({ api, authFlowType: 'USER_PASSWORD_AUTH', cognito: {} }) }));

const auth = vi.hoisted(() => ({ refresh: vi.fn(async () => undefined) }));
vi.mock('@/lib/auth/useAuth', () => ({
  useAuth: () => ({
    status: 'signedIn',
    user: { id: 'sub-1', name: 'Ada Lovelace', email: 'augusta.ada.king-noel.countess-of-lovelace@example.org' },
    getIdToken: async () => 'id-token',
    signOut: async () => undefined,
    refresh: auth.refresh,
  }),
}));

const named = (name: string) => Object.assign(new Error('detail'), { name });

describe('/account', () => {
  beforeEach(() => {
    api.updateUserAttributes.mockReset().mockResolvedValue({ name: { isUpdated: true, nextStep: { updateAttributeStep: 'DONE' } } });
    api.updatePassword.mockReset().mockResolvedValue(undefined);
    auth.refresh.mockClear();
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ id: 'sub-1', email: 'augusta.ada.king-noel.countess-of-lovelace@example.org', name: 'Ada Lovelace' })));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('has one h1 and shows the e-mail inside its card', async () => {
    render(<AccountPage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const card = screen.getByRole('region', { name: 'Sign-in' });
    expect(within(card).getByText('augusta.ada.king-noel.countess-of-lovelace@example.org')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByTestId('api-identity')).toHaveTextContent('You are signed in as augusta'));
  });

  it('saves a new name through Amplify and reads the session again, so the header shows it', async () => {
    render(<AccountPage />);
    const card = screen.getByRole('region', { name: 'Your name' });
    const name = within(card).getByLabelText('Name');
    expect(name).toHaveValue('Ada Lovelace');
    await userEvent.clear(name);
    await userEvent.type(name, '  Ada King ');
    await userEvent.click(within(card).getByRole('button', { name: 'Save name' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(authMessages.nameSaved);
    expect(api.updateUserAttributes).toHaveBeenCalledWith({ userAttributes: { name: 'Ada King' } });
    expect(auth.refresh).toHaveBeenCalledOnce();
  });

  it('refuses an empty name without asking Cognito', async () => {
    render(<AccountPage />);
    const card = screen.getByRole('region', { name: 'Your name' });
    await userEvent.clear(within(card).getByLabelText('Name'));
    await userEvent.click(within(card).getByRole('button', { name: 'Save name' }));
    expect(within(card).getByRole('alert')).toHaveTextContent(authMessages.missingName);
    expect(api.updateUserAttributes).not.toHaveBeenCalled();
  });

  it('refuses a name of zero-width characters, and saves a decomposed name in NFC', async () => {
    render(<AccountPage />);
    const card = screen.getByRole('region', { name: 'Your name' });
    const name = within(card).getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, '\u200B\u200D\u2060');
    await userEvent.click(within(card).getByRole('button', { name: 'Save name' }));
    expect(within(card).getByRole('alert')).toHaveTextContent(nameMessages.invisible);
    expect(api.updateUserAttributes).not.toHaveBeenCalled();
    await userEvent.clear(name);
    await userEvent.type(name, 'Jose\u0301');
    await userEvent.click(within(card).getByRole('button', { name: 'Save name' }));
    expect(await within(card).findByRole('status')).toHaveTextContent(authMessages.nameSaved);
    expect(api.updateUserAttributes).toHaveBeenCalledWith({ userAttributes: { name: 'Jos\u00E9' } });
  });

  it('says in words when the name cannot be saved', async () => {
    api.updateUserAttributes.mockRejectedValue(new TypeError('Failed to fetch'));
    render(<AccountPage />);
    const card = screen.getByRole('region', { name: 'Your name' });
    await userEvent.click(within(card).getByRole('button', { name: 'Save name' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent(authMessages.network);
  });

  const changePassword = async (current: string, next: string) => {
    const card = screen.getByRole('region', { name: 'Password' });
    if (current) await userEvent.type(within(card).getByLabelText('Current password'), current);
    if (next) await userEvent.type(within(card).getByLabelText('New password'), next);
    await userEvent.click(within(card).getByRole('button', { name: 'Change password' }));
    return card;
  };

  it('changes the password with the current one, then clears the form', async () => {
    render(<AccountPage />);
    const card = await changePassword('Old-pass1', 'Brand-new-pass2');
    expect(await within(card).findByRole('status')).toHaveTextContent(authMessages.passwordUpdated);
    expect(api.updatePassword).toHaveBeenCalledWith({ oldPassword: 'Old-pass1', newPassword: 'Brand-new-pass2' });
    expect(within(card).getByLabelText('Current password')).toHaveValue('');
    expect(within(card).getByLabelText('New password')).toHaveValue('');
  });

  it.each([
    ['', 'Brand-new-pass2', authMessages.missingCurrentPassword],
    ['Old-pass1', 'weak', 'Choose a stronger password: it needs at least 8 characters'],
    ['Same-pass1', 'Same-pass1', authMessages.samePassword],
  ])('refuses current %j and new %j before asking Cognito', async (current, next, words) => {
    render(<AccountPage />);
    const card = await changePassword(current, next);
    expect(within(card).getByRole('alert')).toHaveTextContent(words);
    expect(api.updatePassword).not.toHaveBeenCalled();
  });

  it.each([
    ['NotAuthorizedException', 'Cognito'],
    ['InvalidPasswordException', 'cognito-local'],
  ])('reads %s (%s) for a wrong current password as such', async (name) => {
    api.updatePassword.mockRejectedValue(named(name));
    render(<AccountPage />);
    const card = await changePassword('Wrong-pass1', 'Brand-new-pass2');
    expect(await within(card).findByRole('alert')).toHaveTextContent(authMessages.wrongCurrentPassword);
  });
});
