import { QueryClient } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import type { ReactElement } from 'react';
import { QueryProvider } from '../src/lib/query';

/** Renders inside a fresh query cache that does not retry, so each test sees its own answers at once. */
export const renderWithQuery = (ui: ReactElement, options?: RenderOptions) =>
  render(<QueryProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryProvider>, options);
