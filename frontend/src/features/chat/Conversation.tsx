import type { Channel as StreamChannel, StreamChat } from 'stream-chat';
import { Channel, ChannelHeader, Chat, MessageComposer, MessageList, Thread, Window } from 'stream-chat-react';
import { WithMessageReport } from '../../components/ChatSafety/ChatSafety';

/**
 * The open conversation (messages, composer, threads): its own chunk, so the channel list paints without any of
 * stream-chat-react. Stream's Channel watches the channel if it must and marks it read on opening.
 */
export const Conversation = ({ client, channel }: { client: StreamChat; channel: StreamChannel }) => (
  <Chat client={client}>
    <WithMessageReport>
      <Channel channel={channel}>
        <Window>
          <ChannelHeader />
          <MessageList />
          <MessageComposer />
        </Window>
        <Thread />
      </Channel>
    </WithMessageReport>
  </Chat>
);

export default Conversation;
