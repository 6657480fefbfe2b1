export { StreamConnectionProvider, GUEST_USER_NAME } from './StreamConnectionProvider';
export { useStreamConnection, type StreamConnection, type ConnectionMode } from './context';
export { useStreamAvailability } from './availability';
export { ConnectionNotice } from './ConnectionNotice';
