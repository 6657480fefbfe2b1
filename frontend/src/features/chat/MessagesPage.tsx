import 'stream-chat-react/dist/css/index.css';
import './messages.css';
import type { ChannelFilters, ChannelOptions, ChannelSort } from 'stream-chat';
import { lazy, Suspense } from 'react';
import { ChannelList, Chat, useChatContext } from 'stream-chat-react';
import { EmptyState, LoadingState } from '../../components/StatePanel/StatePanel';
import { ConnectionNotice, useChatConnection } from '../../lib/stream';
import { chatCopy } from './copy';

const sort: ChannelSort = { last_message_at: -1 };
const options: ChannelOptions = { state: true, presence: true, watch: true, limit: 20 };

const NoConversations = () => (
  <EmptyState title={chatCopy.emptyTitle}>
    <p>{chatCopy.emptyText}</p>
  </EmptyState>
);

const Conversation = lazy(() => import('./Conversation'));

const noneOpen = (
  <EmptyState title={chatCopy.noneOpenTitle}>
    <p>{chatCopy.noneOpenText}</p>
  </EmptyState>
);

/** On a phone one pane shows at a time: the list, or the open conversation with a way back. */
const Conversations = ({ userId }: { userId: string }) => {
  const { channel, setActiveChannel } = useChatContext();
  const filters: ChannelFilters = { type: 'messaging', members: { $in: [userId] } };
  return (
    <div className="messages" data-pane={channel ? 'channel' : 'list'}>
      <aside className="messages__list" aria-label={chatCopy.conversations}>
        {/* The search finds members too: choosing one opens (or creates) the one-to-one conversation. */}
        <ChannelList
          filters={filters}
          sort={sort}
          options={options}
          showChannelSearch
          setActiveChannelOnMount={false}
          EmptyStateIndicator={NoConversations}
        />
      </aside>
      <section className="messages__channel" aria-label={chatCopy.conversation}>
        {channel ? (
          <button type="button" className="messages__back" onClick={() => setActiveChannel(undefined)}>
            {chatCopy.back}
          </button>
        ) : null}
        {channel ? (
          <Suspense fallback={<LoadingState label={chatCopy.opening} />}>
            <Conversation />
          </Suspense>
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
  return (
    <Chat client={chatClient}>
      <Conversations userId={chatClient.userID} />
    </Chat>
  );
};

export default MessagesPage;
