export { StreamConnectionProvider } from './StreamConnectionProvider';
export { useStreamConnection, type StreamConnection, type ConnectionMode } from './context';
export { useStreamAvailability } from './availability';
export { ConnectionNotice } from './ConnectionNotice';
