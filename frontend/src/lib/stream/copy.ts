/** What a page says about its Stream connection, worded for the service the page uses (chat, or calls). */
export type StreamService = 'chat' | 'calls';

export const connectionCopy: Record<StreamService, { connecting: string; retrying: string; failedTitle: string; failedText: string; unavailableTitle: string; unavailableText: string }> = {
  chat: {
    connecting: 'Connecting to chat…',
    retrying: 'Chat is slow to answer. Trying again…',
    failedTitle: 'Chat is not answering',
    failedText: 'We could not reach the chat service just now. This is usually over quickly: try again in a moment.',
    unavailableTitle: 'Chat is not available right now',
    unavailableText: 'Messages cannot be sent or read here at the moment. Please come back later.',
  },
  calls: {
    connecting: 'Connecting to the call service…',
    retrying: 'The call service is slow to answer. Trying again…',
    failedTitle: 'Calls are not answering',
    failedText: 'We could not reach the call service just now. This is usually over quickly: try again in a moment.',
    unavailableTitle: 'Video calls are not available right now',
    unavailableText: 'Calls cannot be started or joined here at the moment. Please come back later.',
  },
};
