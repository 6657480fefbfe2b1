import type { Channel } from 'stream-chat';
import { memo, useMemo, useState, useSyncExternalStore } from 'react';
import { accessibleNameParts, listTime, previewOf, samePreview } from './channel-preview';

/**
 * A channel's row data, kept current by the channel's own events (messages, reads, edits, deletions, truncation,
 * member and channel updates) and the client's (a read elsewhere, a user's new name, a recovered connection): the
 * list's order changes only when the ChannelManager moves a channel, so each row listens for what it shows.
 */
const useChannelPreview = (channel: Channel, userId: string) => {
  const store = useMemo(() => {
    let current = previewOf(channel, userId);
    return {
      get: () => current,
      subscribe: (changed: () => void) => {
        const refresh = () => {
          const next = previewOf(channel, userId);
          if (samePreview(next, current)) return;
          current = next;
          changed();
        };
        const client = channel.getClient();
        const subscriptions = [
          channel.on(refresh),
          client.on('notification.mark_read', refresh),
          client.on('user.updated', refresh),
          client.on('connection.recovered', refresh),
        ];
        refresh();
        return () => subscriptions.forEach((subscription) => subscription.unsubscribe());
      },
    };
  }, [channel, userId]);
  return useSyncExternalStore(store.subscribe, store.get);
};

// stream-chat-react's initials: the first letters of the first and last words.
const initialsOf = (name: string) => {
  const words = [...name.matchAll(/(\p{L})\p{L}*/gu)];
  return `${words[0]?.[1] ?? ''}${words.length > 1 ? (words.at(-1)?.[1] ?? '') : ''}`;
};

/** Stream's avatar markup (its CSS draws it); decorative, since the row's name says who it is. */
export const ChatAvatar = ({ name, image }: { name: string; image: string | undefined }) => {
  const [failed, setFailed] = useState<string | undefined>();
  const initials = initialsOf(name);
  const letters = initials.length > 1 ? 'multiple-letters' : initials.length === 1 ? 'one-letter' : 'no-letters';
  return (
    <div className={`str-chat__avatar str-chat__avatar--size-xl str-chat__avatar--${letters}`} aria-hidden="true">
      {image && failed !== image ? (
        <img className="str-chat__avatar-image" src={image} alt="" onError={() => setFailed(image)} />
      ) : (
        <div className="str-chat__avatar-initials">{initials}</div>
      )}
    </div>
  );
};

export interface ChannelListItemProps {
  channel: Channel;
  userId: string;
  zone: string;
  selected: boolean;
  /** The one row the Tab key reaches (roving tabindex: the arrow keys move between rows). */
  tabbable: boolean;
  onOpen: (channel: Channel) => void;
  onFocusRow: (cid: string) => void;
}

/** One conversation: avatar, name, time of the last message, unread badge and the last message as plain text. */
export const ChannelListItem = memo(({ channel, userId, zone, selected, tabbable, onOpen, onFocusRow }: ChannelListItemProps) => {
  const preview = useChannelPreview(channel, userId);
  const time = preview.at === undefined ? undefined : listTime(preview.at, zone);
  const names = accessibleNameParts(preview, time);
  return (
    <div className="str-chat__channel-list-item-container" role="none">
      <button
        type="button"
        role="option"
        aria-selected={selected}
        className={`str-chat__channel-list-item${preview.unread > 0 ? ' str-chat__channel-list-item--unread' : ''}`}
        data-testid="channel-list-item-button"
        data-cid={channel.cid}
        tabIndex={tabbable ? 0 : -1}
        onClick={() => onOpen(channel)}
        onFocus={() => onFocusRow(channel.cid)}
      >
        {/* Named by what it shows, in the order it shows it, with the unseen words of accessibleNameParts between. */}
        <ChatAvatar name={preview.title} image={preview.image} />
        <div className="str-chat__channel-list-item-data">
          <div className="str-chat__channel-list-item-data__first-row">
            <div className="str-chat__channel-list-item-data__title">
              <span>
                {preview.title}
                <span className="channel-row__unseen-punctuation">{names.afterTitle}</span>
              </span>
            </div>
            <div className="str-chat__channel-list-item-data__timestamp-and-badge">
              {time && preview.at !== undefined ? (
                <time className="str-chat__channel-list-item-timestamp" dateTime={new Date(preview.at).toISOString()}>
                  {time}
                  <span className="channel-row__unseen-punctuation">{names.afterTime}</span>
                </time>
              ) : null}
              {preview.unread > 0 ? (
                <div className="str-chat__badge str-chat__badge--variant-primary str-chat__badge--size-md" data-testid="unread-badge">
                  {preview.unread}
                </div>
              ) : null}
              {names.afterCount ? <span className="visually-hidden">{names.afterCount}</span> : null}
            </div>
          </div>
          <div className={`str-chat__summarized-message-preview str-chat__summarized-message-preview--${preview.kind}`}>
            {/* The spaces are text of their own: a name from content trims each element's text at its ends. */}
            {names.beforeMessage ? <span className="visually-hidden">{names.beforeMessage.trimEnd()}</span> : null}
            {names.beforeMessage ? ' ' : null}
            {preview.sender ? <span className="str-chat__summarized-message-preview__sender">{preview.sender}:</span> : null}
            {preview.sender ? ' ' : null}
            <span className="str-chat__summarized-message-preview__text">{preview.text}</span>
          </div>
        </div>
      </button>
    </div>
  );
});
ChannelListItem.displayName = 'ChannelListItem';
