import { useEffect, useRef } from 'react';
import type { Channel as StreamChannel, StreamChat } from 'stream-chat';
import { Channel, ChannelHeader, Chat, MessageComposer, MessageList, Thread, useChannelActionContext, useChannelStateContext, Window } from 'stream-chat-react';
import { WithMessageReport } from '@/lib/chat-safety';
import { ConversationTools } from '@/components/ConversationTools/ConversationTools';

/** Shows the found message in the list (loading the history around it) once the channel has loaded. */
const JumpTo = ({ target }: { target: { messageId: string } | null }) => {
  const { jumpToMessage } = useChannelActionContext();
  const { loading } = useChannelStateContext();
  const shown = useRef<object | null>(null);
  useEffect(() => {
    if (!target || loading || shown.current === target) return;
    shown.current = target;
    void jumpToMessage(target.messageId);
  }, [target, loading, jumpToMessage]);
  return null;
};

/**
 * The open conversation (messages, composer, threads): its own chunk, so the channel list paints without any of
 * stream-chat-react. Stream's Channel watches the channel if it must and marks it read on opening.
 */
export const Conversation = ({ client, channel, target = null }: { client: StreamChat; channel: StreamChannel; target?: { messageId: string } | null }) => (
  <Chat client={client}>
    <WithMessageReport>
      <Channel channel={channel}>
        <Window>
          <ChannelHeader />
          <ConversationTools />
          <MessageList />
          <MessageComposer />
        </Window>
        <JumpTo target={target} />
        <Thread />
      </Channel>
    </WithMessageReport>
  </Chat>
);

export default Conversation;
