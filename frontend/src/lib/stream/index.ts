export { StreamConnectionProvider, CONNECT_TIMEOUT_MS } from './StreamConnectionProvider';
export { useStreamConnection, useStreamConnectionIfAny, useChatConnection, type StreamConnection, type ConnectionMode } from './context';
export { useStreamAvailability } from './availability';
export { ConnectionNotice, ServiceUnavailable } from './ConnectionNotice';
export { connectionCopy, type StreamService } from './copy';
