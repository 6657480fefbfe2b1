import { connectionCopy } from '../../lib/stream/copy';

export const chatCopy = {
  heading: 'Messages',
  lead: 'Your conversations with your mentor or mentees, and anyone else in the programme.',
  notConfigured: connectionCopy.chat.unavailableTitle,
  connecting: connectionCopy.chat.connecting,
  conversations: 'Conversations',
  conversation: 'Conversation',
  back: 'Back to conversations',
  opening: 'Opening the conversation…',
  emptyTitle: 'No conversations yet',
  emptyText: 'Search for a member by name above to start one. Conversations with your mentor or mentees appear here too.',
  noneOpenTitle: 'Pick a conversation',
  noneOpenText: 'Choose one from the list to read and reply.',
} as const;
