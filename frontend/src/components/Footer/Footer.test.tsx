import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteConfig } from '@/config/site-config';
import { renderApp } from '@testing/render';

const footer = () => screen.getByRole('contentinfo');

afterEach(() => {
  vi.useRealTimers();
});

describe('Footer', () => {
  it('shows the contact e-mail as a mailto link', () => {
    renderApp('/');
    const email = within(footer()).getByRole('link', { name: siteConfig.contactEmail });
    expect(email).toHaveAttribute('href', `mailto:${siteConfig.contactEmail}`);
  });

  it.each([
    ['LinkedIn', siteConfig.social.linkedIn],
    ['Instagram', siteConfig.social.instagram],
    ['Twitter', siteConfig.social.twitter],
  ])('links to %s with an accessible name', (name, href) => {
    renderApp('/');
    expect(within(footer()).getByRole('link', { name })).toHaveAttribute('href', href);
  });

  it('prints the current year, read when it renders', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-04T10:00:00Z'));
    renderApp('/');
    expect(within(footer()).getByText(/©/)).toHaveTextContent(`© 2031 ${siteConfig.siteName}. All rights reserved.`);
  });
});
