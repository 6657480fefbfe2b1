import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { siteConfig } from '@/config/site-config';
import { renderApp } from '@testing/render';

const header = () => screen.getByRole('banner');

describe('Header', () => {
  it('links to the marketing pages, login and sign up', () => {
    renderApp('/');
    const links = within(header());
    expect(links.getByRole('link', { name: 'About us' })).toHaveAttribute('href', '/about');
    expect(links.getByRole('link', { name: 'Become a mentor' })).toHaveAttribute('href', '/become-a-mentor');
    expect(links.getByRole('link', { name: 'Volunteer' })).toHaveAttribute('href', '/volunteer');
    expect(links.getByRole('link', { name: 'Partnerships' })).toHaveAttribute('href', '/partnerships');
    expect(links.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(links.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  });

  it('opens the configured donation page in a new tab without an opener or referrer', () => {
    renderApp('/');
    const donate = within(header()).getByRole('link', { name: /Donate/ });
    expect(donate).toHaveAttribute('href', siteConfig.donationUrl);
    expect(donate).toHaveAttribute('target', '_blank');
    expect(donate).toHaveAttribute('rel', 'noopener noreferrer');
    expect(donate).toHaveAccessibleName('Donate (opens in a new tab)');
  });

  it('marks the current page', () => {
    renderApp('/volunteer');
    expect(within(header()).getByRole('link', { name: 'Volunteer' })).toHaveAttribute('aria-current', 'page');
    expect(within(header()).getByRole('link', { name: 'About us' })).not.toHaveAttribute('aria-current');
  });

  it('has a Menu button that reports and toggles its state and moves focus into the menu', async () => {
    const { user } = renderApp('/');
    const menu = within(header()).getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(menu.getAttribute('aria-controls')!);
    expect(panel).toHaveAttribute('data-open', 'false');

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveAttribute('data-open', 'true');
    expect(within(header()).getByRole('link', { name: 'About us' })).toHaveFocus();

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the menu on Escape and gives focus back to the Menu button', async () => {
    const { user } = renderApp('/');
    const menu = within(header()).getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('closes the menu when a link navigates', async () => {
    const { user, router } = renderApp('/');
    const menu = within(header()).getByRole('button', { name: 'Menu' });
    await user.click(menu);
    await user.click(within(header()).getByRole('link', { name: 'Partnerships' }));
    expect(router.state.location.pathname).toBe('/partnerships');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});
