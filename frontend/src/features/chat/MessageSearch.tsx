import type { Channel, MessageResponse, StreamChat } from 'stream-chat';
import { useCallback } from 'react';
import { plainText, previewOf } from './channel-preview';
import { chatCopy } from './copy';
import { useDebouncedSearch } from '@/lib/use-debounced-search';

/**
 * Messages with the words typed, in the member's own conversations only: the filter names them as a member, and
 * Stream (and the stand-in) search no channel the caller cannot read.
 */
const useMessageSearch = (client: StreamChat, userId: string, query: string) => {
  const search = useCallback(
    async (wanted: string) =>
      (await client.search({ members: { $in: [userId] } }, wanted, { limit: 20 })).results
        .map((result) => result.message)
        // A reply kept in its thread is not in the conversation's list, where a found message opens.
        .filter((message) => message.channel?.cid && (!message.parent_id || message.show_in_channel)),
    [client, userId],
  );
  const { results: messages, ...state } = useDebouncedSearch(query, search, 'Message search failed');
  return { messages, ...state };
};

/** The conversation's name as the list shows it when it is listed; otherwise who wrote the message. */
const conversationOf = (client: StreamChat, userId: string, message: MessageResponse) => {
  const listed = message.channel?.cid ? client.activeChannels[message.channel.cid] : undefined;
  if (listed) return previewOf(listed, userId).title;
  return (message.channel as { name?: string } | undefined)?.name ?? message.user?.name ?? message.user?.id ?? '';
};

/** Messages found for the search above the list; choosing one opens its conversation at that message. */
export const MessageResults = ({ client, userId, query, onOpen }: { client: StreamChat; userId: string; query: string; onOpen: (channel: Channel, messageId: string) => void }) => {
  const { messages, failed, searching } = useMessageSearch(client, userId, query);
  const status = searching ? chatCopy.searchingMessages : failed ? chatCopy.searchFailed : messages.length === 0 ? chatCopy.noMessagesFound(query.trim()) : chatCopy.messagesFound(messages.length);
  return (
    <div className="str-chat__search-results messages__search-results">
      {/* A live region of its own beside the members' status: each says how its half of the search went. */}
      <p className="messages__search-status" aria-live="polite">
        {status}
      </p>
      {!searching && messages.length > 0 ? (
        <ul className="str-chat__search-source-result-list messages__search-list" aria-label={chatCopy.messageResults}>
          {messages.map((message) => {
            const author = message.user?.id === userId ? chatCopy.you : (message.user?.name ?? message.user?.id ?? '');
            const text = plainText(message.text ?? '');
            const conversation = conversationOf(client, userId, message);
            return (
              <li key={message.id} className="str-chat__search-result-container">
                <button
                  type="button"
                  className="str-chat__search-result str-chat__search-result--message"
                  onClick={() => {
                    const [type, id] = message.channel!.cid.split(':') as [string, string];
                    onOpen(client.channel(type, id), message.id);
                  }}
                >
                  <div className="str-chat__search-result-data">
                    <div className="str-chat__search-result__display-name">{conversation}</div>
                    <div className="messages__search-message">
                      {author}: {text}
                    </div>
                  </div>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
};
