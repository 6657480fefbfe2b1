import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './App';

describe('App', () => {
  it('renders the page at the browser location through the browser router', () => {
    window.history.replaceState(null, '', '/about');
    render(<App />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good advice should not depend on who you know');
  });
});
