import { useEffect, useId, useState } from 'react';
import type { LocalMessage } from 'stream-chat';
import { useChannelActionContext, useChannelStateContext, useChatContext } from 'stream-chat-react';
import styles from './ConversationTools.module.css';

export const conversationToolsCopy = {
  mute: 'Mute conversation',
  unmute: 'Unmute conversation',
  mutedNote: 'Muted: new messages here are not counted as unread.',
  muteFailed: 'That did not work. Try again in a moment.',
  pinned: (count: number) => `Pinned messages (${count})`,
  pinnedList: 'Pinned messages',
  showPinned: (author: string, text: string) => `Show the message from ${author}: ${text}`,
  attachmentOnly: 'An attachment',
} as const;

/** Whether the member muted this conversation, kept current from their own mute events. */
const useMuted = () => {
  const { client } = useChatContext();
  const { channel } = useChannelStateContext();
  const [muted, setMuted] = useState(() => channel.muteStatus().muted);
  useEffect(() => {
    setMuted(channel.muteStatus().muted);
    const { unsubscribe } = client.on('notification.channel_mutes_updated', () => setMuted(channel.muteStatus().muted));
    return unsubscribe;
  }, [client, channel]);
  return muted;
};

const preview = (message: LocalMessage) => (message.text?.trim() ? message.text.trim().slice(0, 120) : conversationToolsCopy.attachmentOnly);

/**
 * Above a conversation's messages: mute or unmute it (a muted conversation counts no unread messages), and the
 * messages either member pinned, each a way to the message in the list.
 */
export const ConversationTools = () => {
  const { channel, pinnedMessages = [], channelCapabilities = {} } = useChannelStateContext();
  const { jumpToMessage } = useChannelActionContext();
  const muted = useMuted();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const listId = useId();

  const toggleMute = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await (muted ? channel.unmute() : channel.mute());
    } catch (error) {
      console.error('Muting the conversation failed', error);
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.tools}>
      <div className={styles.row}>
        {channelCapabilities['mute-channel'] ? (
          <button type="button" className={`str-chat__button str-chat__button--secondary str-chat__button--size-sm ${styles.mute}`} aria-pressed={muted} disabled={busy} onClick={() => void toggleMute()}>
            {muted ? conversationToolsCopy.unmute : conversationToolsCopy.mute}
          </button>
        ) : null}
        <p className={styles.note} role="status">
          {failed ? conversationToolsCopy.muteFailed : muted ? conversationToolsCopy.mutedNote : ''}
        </p>
      </div>
      {pinnedMessages.length > 0 ? (
        <details className={styles.pinned}>
          <summary>{conversationToolsCopy.pinned(pinnedMessages.length)}</summary>
          <ul id={listId} aria-label={conversationToolsCopy.pinnedList} className={styles.list}>
            {pinnedMessages.map((message) => {
              const author = message.user?.name ?? message.user?.id ?? '';
              return (
                <li key={message.id}>
                  <button type="button" className={styles.item} aria-label={conversationToolsCopy.showPinned(author, preview(message))} onClick={() => void jumpToMessage(message.id)}>
                    <span className={styles.author}>{author}</span> <span>{preview(message)}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </div>
  );
};
