import { eventHandler } from '../../lib/events/handler';
import { chatMessageEventSchema, onMessageNew, onMessageRead } from '../../messages';

/** message.new and message.read → the member's message notifications (messages/service.ts); a failure throws, so the bus retries. */
export const handler = eventHandler(chatMessageEventSchema, async ({ detail }) => {
  if (detail.type === 'message.new') await onMessageNew(detail);
  else await onMessageRead(detail);
});
