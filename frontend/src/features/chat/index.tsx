import { lazy, Suspense } from 'react';
import { RequireAuth } from '../auth';
import { StreamConnectionProvider, useStreamAvailability } from '../connection';
import { chatCopy } from './copy';

// stream-chat-react and its CSS load only when /messages is visited.
const MessagesPage = lazy(() => import('./MessagesPage'));

/** Says what is missing without loading any Stream code when the stage has no credentials. */
export const MessagesWhenAvailable = () => {
  const availability = useStreamAvailability();
  return (
    <>
      <h1 className="visually-hidden">{chatCopy.heading}</h1>
      {availability === 'missing' ? (
        <p role="status">{chatCopy.notConfigured}</p>
      ) : (
        <Suspense fallback={<p role="status">{chatCopy.connecting}</p>}>
          <MessagesPage />
        </Suspense>
      )}
    </>
  );
};

/** /messages on its own: signed in only, with a Stream connection of its own (the signed-in area shares one instead). */
export const MessagesRoute = () => (
  <RequireAuth>
    <StreamConnectionProvider mode="user">
      <MessagesWhenAvailable />
    </StreamConnectionProvider>
  </RequireAuth>
);
