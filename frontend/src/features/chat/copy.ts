export const chatCopy = {
  heading: 'Messages',
  notConfigured: 'Chat and video need Stream credentials: set STREAM_API_KEY and STREAM_API_SECRET for this stage.',
  connecting: 'Connecting to chat…',
  conversations: 'Conversations',
  conversation: 'Conversation',
  back: 'Back to conversations',
} as const;
