import type { Channel, StreamChat, UserResponse } from 'stream-chat';
import { useCallback, useState } from 'react';
import { ChatAvatar } from './ChannelListItem';
import { chatCopy } from './copy';
import { useDebouncedSearch } from '@/lib/use-debounced-search';

/** Members whose name starts with the words typed (Stream's autocomplete), without the member themselves. */
const useMemberSearch = (client: StreamChat, userId: string, query: string) => {
  const search = useCallback(
    // Members only: guests of calls and the programme's own user have other roles.
    async (wanted: string) => (await client.queryUsers({ name: { $autocomplete: wanted }, role: 'user' }, {}, { limit: 10 })).users.filter((user) => user.id !== userId),
    [client, userId],
  );
  const { results: users, ...state } = useDebouncedSearch(query, search, 'Member search failed');
  return { users, ...state };
};

/**
 * The members found for the search above the list. Choosing one opens the one-to-one conversation with them:
 * Stream finds it by its two members, or makes it (a distinct channel), and watches it.
 */
export const MemberResults = ({ client, userId, query, onOpen }: { client: StreamChat; userId: string; query: string; onOpen: (channel: Channel) => void }) => {
  const { users, failed, searching } = useMemberSearch(client, userId, query);
  const [opening, setOpening] = useState<string | null>(null);
  const [openFailed, setOpenFailed] = useState(false);

  const open = async (user: UserResponse) => {
    setOpening(user.id);
    setOpenFailed(false);
    try {
      const draft = client.channel('messaging', { members: [userId, user.id] });
      await draft.watch({ presence: true });
      // The instance the client keeps for that channel (the list's own, if the conversation is listed already).
      onOpen(client.channel('messaging', draft.id!));
    } catch (error) {
      console.error('Opening a one-to-one conversation failed', error);
      setOpenFailed(true);
    } finally {
      setOpening(null);
    }
  };

  const status = searching ? chatCopy.searching : failed ? chatCopy.searchFailed : users.length === 0 ? chatCopy.noMembersFound(query.trim()) : chatCopy.membersFound(users.length);
  return (
    <div className="str-chat__search-results messages__search-results">
      <p className="messages__search-status" role="status">
        {opening ? chatCopy.opening : openFailed ? chatCopy.openFailed : status}
      </p>
      {!searching && users.length > 0 ? (
        <ul className="str-chat__search-source-result-list messages__search-list" aria-label={chatCopy.searchResults}>
          {users.map((user) => {
            const name = user.name || user.id;
            return (
              <li key={user.id} className="str-chat__search-result-container">
                <button
                  type="button"
                  className="str-chat__search-result str-chat__search-result--user"
                  aria-label={chatCopy.startConversation(name)}
                  disabled={opening !== null}
                  onClick={() => void open(user)}
                >
                  <ChatAvatar name={name} image={typeof user.image === 'string' ? user.image : undefined} />
                  <div className="str-chat__search-result-data">
                    <div className="str-chat__search-result__display-name">{name}</div>
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
