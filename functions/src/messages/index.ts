/**
 * Chat messages a member has not read: in-app notifications and the delayed e-mail (./service.ts).
 * The module's one public face: handlers import from here, never its files.
 */
export { chatMessageEventSchema } from './events';
export { messageEmailScheduleName, onMessageNew, onMessageRead, sendMessageEmail } from './service';
