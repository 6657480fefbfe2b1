import { STREAM_NOT_CONFIGURED } from '../connection/ConnectionNotice';

export const chatCopy = {
  heading: 'Messages',
  notConfigured: STREAM_NOT_CONFIGURED,
  connecting: 'Connecting to chat…',
  conversations: 'Conversations',
  conversation: 'Conversation',
  back: 'Back to conversations',
} as const;
