import 'stream-chat-react/dist/css/index.css';
import { useMemo } from 'react';
import { Channel, Chat, MessageComposer, MessageList, Window } from 'stream-chat-react';
import { WithMessageReport } from '@/lib/chat-safety';
import { ConversationTools } from '@/components/ConversationTools/ConversationTools';
import { ConnectionNotice, useChatConnection } from '@/lib/stream';
import styles from '../mentorships.module.css';

/**
 * The pair's private channel, on the member's one Stream connection (the same one /messages uses). When
 * the mentorship is not active the channel is frozen on the server: its history stays readable and there
 * is no composer.
 */
export const PairChat = ({ channelCid, writable }: { channelCid: string; writable: boolean }) => {
  const { status, chatClient } = useChatConnection();
  const channel = useMemo(() => {
    if (status !== 'connected' || !chatClient) return null;
    const [type, id] = channelCid.split(':') as [string, string];
    return chatClient.channel(type, id);
  }, [status, chatClient, channelCid]);
  if (!chatClient || !channel) return <ConnectionNotice service="chat" />;
  return (
    <div className={styles.chat}>
      <Chat client={chatClient}>
        <WithMessageReport>
          <Channel channel={channel}>
            <Window>
              <ConversationTools />
              <MessageList />
              {writable && <MessageComposer />}
            </Window>
          </Channel>
        </WithMessageReport>
      </Chat>
    </div>
  );
};

export default PairChat;
