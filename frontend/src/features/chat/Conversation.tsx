import { Channel, ChannelHeader, MessageComposer, MessageList, Thread, Window } from 'stream-chat-react';
import { WithMessageReport } from '../../components/ChatSafety/ChatSafety';

/**
 * The open conversation (messages, composer, threads): its own chunk, loaded once a conversation is opened, so the
 * channel list paints without stream-chat-react's message list, composer, markdown and attachment code.
 */
export const Conversation = () => (
  <WithMessageReport>
    <Channel>
      <Window>
        <ChannelHeader />
        <MessageList />
        <MessageComposer />
      </Window>
      <Thread />
    </Channel>
  </WithMessageReport>
);

export default Conversation;
