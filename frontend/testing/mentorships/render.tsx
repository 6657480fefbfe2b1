import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { FeatureSlots, preloadFeatureSlots } from '@/app/feature-slots';
import { Toaster } from '@/components/Toast/Toaster';
import { QueryProvider } from '@/lib/query';
import { StreamConnectionContext, type StreamConnection } from '@/lib/stream/context';

const Elsewhere = () => <p data-testid="elsewhere">{useLocation().pathname}</p>;

await preloadFeatureSlots();

export const notConnected: StreamConnection = { status: 'not-connected', mode: 'user', chatClient: null, videoClient: null, failed: false, retrying: false, chatFailed: false, chatRetrying: false, retry: () => undefined, requestChat: () => undefined, requestChatFirst: () => undefined };

/**
 * Renders a page at a path inside what the signed-in area gives it (a query cache, the member's Stream
 * connection, the toasts); any other path renders its own name, so a link's destination can be checked.
 */
export const renderAt = (element: ReactElement, { route, path = route, connection = notConnected }: { route: string; path?: string; connection?: StreamConnection }) => {
  const router = createMemoryRouter(
    [
      { path: route, element },
      { path: '*', Component: Elsewhere },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <QueryProvider client={client}>
      <StreamConnectionContext.Provider value={connection}>
        <FeatureSlots>
          <RouterProvider router={router} />
        </FeatureSlots>
        <Toaster />
      </StreamConnectionContext.Provider>
    </QueryProvider>,
  );
  return { user, router, client, ...view };
};
