import { lazy, Suspense } from 'react';
import { RequireAuth } from '../auth';
import { StreamConnectionProvider } from '../connection';
import { chatCopy } from './copy';

// stream-chat-react and its CSS load only when /messages is visited.
const MessagesPage = lazy(() => import('./MessagesPage'));

/** The /messages route element: signed in only, with the member's Stream connection. */
export const MessagesRoute = () => (
  <RequireAuth>
    <StreamConnectionProvider mode="user">
      <Suspense fallback={<p role="status">{chatCopy.connecting}</p>}>
        <MessagesPage />
      </Suspense>
    </StreamConnectionProvider>
  </RequireAuth>
);
