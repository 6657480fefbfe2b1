import type { PropsWithChildren } from 'react';
import { StreamVideo } from '@stream-io/video-react-sdk';
import { ConnectionNotice, useStreamConnection } from '@/lib/stream';

/** Renders the call UI inside <StreamVideo> with the connection's video client, once connected. */
export const VideoClientBoundary = ({ children, quiet = false }: PropsWithChildren<{ quiet?: boolean }>) => {
  const { status, videoClient } = useStreamConnection();
  if (status !== 'connected' || !videoClient) return quiet ? null : <ConnectionNotice service="calls" />;
  return <StreamVideo client={videoClient}>{children}</StreamVideo>;
};
