import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from './use-hydrated';

const Probe = () => <button disabled={!useHydrated()}>Sign in</button>;

describe('useHydrated', () => {
  it('is false in prerendered HTML and turns true once React has hydrated it', async () => {
    const html = renderToString(<Probe />);
    expect(html).toContain('disabled');
    const container = document.createElement('div');
    container.innerHTML = html;
    await act(async () => {
      hydrateRoot(container, <Probe />);
    });
    expect(container.querySelector('button')!.disabled).toBe(false);
  });
});
