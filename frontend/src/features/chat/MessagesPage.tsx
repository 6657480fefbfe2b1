import 'stream-chat-react/dist/css/index.css';
import './messages.css';
import type { Channel, Event, StreamChat } from 'stream-chat';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/Button/Button';
import { EmptyState, LoadingState } from '@/components/StatePanel/StatePanel';
import { ConnectionNotice, useChatConnection } from '@/lib/stream';
import { ChannelList } from './ChannelList';
import { chatCopy } from './copy';
import { useChannelList } from './useChannelList';

// stream-chat-react (Chat, Channel, the message list, composer and threads) loads with the first opened conversation.
const Conversation = lazy(() => import('./Conversation'));

const noneOpen = (
  <EmptyState title={chatCopy.noneOpenTitle}>
    <p>{chatCopy.noneOpenText}</p>
  </EmptyState>
);

/** Events after which a conversation is no longer the member's to show. */
const GONE = ['channel.deleted', 'channel.hidden', 'notification.removed_from_channel'] as const;

const visible = (element: HTMLElement | null) => Boolean(element && element.offsetParent !== null);

/** The list and the open conversation; on a phone one pane shows at a time, the conversation with a way back. */
const Conversations = ({ client, userId }: { client: StreamChat; userId: string }) => {
  const list = useChannelList(client, userId);
  const { show } = list;
  const [open, setOpen] = useState<Channel | null>(null);
  // A found message to show in the open conversation (a new object each time, so choosing it again jumps again).
  const [target, setTarget] = useState<{ messageId: string } | null>(null);
  const listPane = useRef<HTMLElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  // The row to give focus back to once the conversation closes (a phone's Back).
  const returnTo = useRef<string | null>(null);

  useEffect(() => {
    if (!open) return;
    const close = (event: Event) => {
      if (event.cid === open.cid) setOpen(null);
    };
    const subscriptions = GONE.map((type) => client.on(type, close));
    return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
  }, [client, open]);

  // A phone hides the pane that had focus: focus moves to the pane that shows.
  useEffect(() => {
    if (open) {
      if (visible(back.current) && !visible(listPane.current)) back.current!.focus();
      return;
    }
    const cid = returnTo.current;
    returnTo.current = null;
    if (cid) [...(listPane.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? [])].find((row) => row.dataset.cid === cid)?.focus();
  }, [open]);

  const choose = useCallback(
    (channel: Channel, messageId?: string) => {
      show(channel);
      setOpen(channel);
      setTarget(messageId ? { messageId } : null);
    },
    [show],
  );

  return (
    <div className="messages" data-pane={open ? 'channel' : 'list'}>
      <aside className="messages__list" aria-label={chatCopy.conversations} ref={listPane}>
        <ChannelList client={client} userId={userId} list={list} open={open} onOpen={choose} />
      </aside>
      <section className="messages__channel" aria-label={chatCopy.conversation}>
        {open ? (
          <>
            <Button
              variant="secondary"
              className="messages__back"
              ref={back}
              onClick={() => {
                returnTo.current = open.cid;
                setOpen(null);
              }}
            >
              {chatCopy.back}
            </Button>
            <Suspense fallback={<LoadingState label={chatCopy.opening} />}>
              <Conversation client={client} channel={open} target={target} />
            </Suspense>
          </>
        ) : (
          noneOpen
        )}
      </section>
    </div>
  );
};

/** /messages: the member's conversations on Stream Chat (channels, threads, reactions, polls, receipts). */
export const MessagesPage = () => {
  const { status, chatClient } = useChatConnection();
  if (status !== 'connected' || !chatClient?.userID) return <ConnectionNotice service="chat" />;
  return <Conversations client={chatClient} userId={chatClient.userID} />;
};

export default MessagesPage;
