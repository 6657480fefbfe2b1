import type { Channel, StreamChat } from 'stream-chat';
import { useCallback, useState, type KeyboardEvent } from 'react';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { useMemberZone } from '@/lib/member-zone';
import { ChannelListItem } from './ChannelListItem';
import { chatCopy } from './copy';
import { MemberResults } from './MemberSearch';
import { MessageResults } from './MessageSearch';
import type { ChannelList as ChannelListState } from './useChannelList';

const SearchIcon = () => (
  <svg className="str-chat__icon" viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
    <path
      d="M13.1695 13.1695L17.5 17.5M15 8.75C15 12.2018 12.2018 15 8.75 15C5.29822 15 2.5 12.2018 2.5 8.75C2.5 5.29822 5.29822 2.5 8.75 2.5C12.2018 2.5 15 5.29822 15 8.75Z"
      fill="none"
      stroke="currentColor"
      strokeLinecap="round"
      strokeLinejoin="round"
      strokeWidth="1.5"
    />
  </svg>
);

/** Listbox keys: the arrows, Home and End move between the rows (Enter and Space open one, as buttons do). */
const moveFocus = (event: KeyboardEvent<HTMLElement>) => {
  const rows = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="option"]')];
  const at = rows.indexOf(document.activeElement as HTMLElement);
  const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: rows.length - 1 }[event.key];
  if (next === undefined || at < 0) return;
  event.preventDefault();
  rows[Math.max(0, Math.min(rows.length - 1, next))]?.focus();
};

export interface ChannelListProps {
  client: StreamChat;
  userId: string;
  list: ChannelListState;
  open: Channel | null;
  /** Opens a conversation, at one of its messages when a found message was chosen. */
  onOpen: (channel: Channel, messageId?: string) => void;
}

/**
 * The member's conversations, drawn with stream-chat-react's class names (its CSS is already on the page) but none
 * of its code: that loads with the open conversation. A search above finds other members by name and the
 * member's messages by their words.
 */
export const ChannelList = ({ client, userId, list, open, onOpen }: ChannelListProps) => {
  const zone = useMemberZone();
  const [query, setQuery] = useState('');
  const [focused, setFocused] = useState<string | null>(null);
  const { channels, initialized, error, pagination } = list;
  const searching = query.trim() !== '';

  const openFound = useCallback(
    (channel: Channel, messageId?: string) => {
      setQuery('');
      onOpen(channel, messageId);
    },
    [onOpen],
  );
  const listed = (cid: string | null | undefined) => (cid && channels.some((channel) => channel.cid === cid) ? cid : null);
  const tabbable = listed(focused) ?? listed(open?.cid) ?? channels[0]?.cid;

  let body;
  if (searching)
    body = (
      <>
        <MemberResults client={client} userId={userId} query={query} onOpen={openFound} />
        <MessageResults client={client} userId={userId} query={query} onOpen={openFound} />
      </>
    );
  else if (error && channels.length === 0)
    body = (
      <ErrorState title={chatCopy.listFailedTitle} onRetry={list.retry}>
        <p>{chatCopy.listFailedText}</p>
      </ErrorState>
    );
  else if (!initialized) body = <LoadingState label={chatCopy.loadingList} />;
  else if (channels.length === 0)
    body = (
      <EmptyState title={chatCopy.emptyTitle}>
        <p>{chatCopy.emptyText}</p>
      </EmptyState>
    );
  else
    body = (
      <>
        <div role="listbox" aria-label={chatCopy.listLabel} onKeyDown={moveFocus}>
          {channels.map((channel) => (
            <ChannelListItem
              key={channel.cid}
              channel={channel}
              userId={userId}
              zone={zone}
              selected={channel.cid === open?.cid}
              tabbable={channel.cid === tabbable}
              onOpen={onOpen}
              onFocusRow={setFocused}
            />
          ))}
        </div>
        {pagination.hasNext ? (
          <div className="str-chat__load-more-button">
            <button
              type="button"
              className="str-chat__button str-chat__button--secondary str-chat__button--ghost str-chat__button--size-sm"
              data-testid="load-more-button"
              disabled={pagination.isLoadingNext}
              onClick={list.loadMore}
            >
              <div className="str-chat__button__content">{pagination.isLoadingNext ? chatCopy.loadingMore : chatCopy.loadMore}</div>
            </button>
          </div>
        ) : null}
      </>
    );

  return (
    <div className="str-chat messaging light str-chat__channel-list">
      <div className="str-chat__channel-list__header">
        <div className="str-chat__channel-list__header__title">{chatCopy.conversations}</div>
      </div>
      <div className="str-chat__search" role="search">
        <div className="str-chat__search-bar">
          <div className={`str-chat__search-bar__input-wrapper${searching ? ' str-chat__search-bar__input-wrapper--active' : ''}`}>
            <SearchIcon />
            <input
              type="search"
              className="str-chat__search-bar__input"
              aria-label={chatCopy.searchLabel}
              placeholder={chatCopy.searchPlaceholder}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') setQuery('');
              }}
            />
          </div>
        </div>
      </div>
      <div className="str-chat__channel-list-inner">
        <div className="str-chat__channel-list-inner__main">{body}</div>
      </div>
    </div>
  );
};
