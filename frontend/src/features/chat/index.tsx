import { lazy, Suspense } from 'react';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { LoadingState } from '@/components/StatePanel/StatePanel';
import { RequireAuth } from '@/lib/auth';
import { ServiceUnavailable, StreamConnectionProvider, useChatConnection, useStreamAvailability } from '@/lib/stream';
import { chatCopy } from './copy';

// stream-chat-react and its CSS load only when /messages is visited.
const MessagesPage = lazy(() => import('./MessagesPage'));

/** Says what is missing without loading any Stream code when the stage has no credentials. */
export const MessagesWhenAvailable = () => {
  const availability = useStreamAvailability();
  // Chat starts connecting (and its SDK loading) while the page's own code arrives; video (rings) waits for it.
  useChatConnection({ first: true });
  return (
    <>
      <PageHeader title={chatCopy.heading} lead={chatCopy.lead} />
      {availability === 'missing' ? (
        <ServiceUnavailable service="chat" />
      ) : (
        <Suspense fallback={<LoadingState label={chatCopy.connecting} />}>
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

export { useUnreadMessages } from './useUnreadMessages';
