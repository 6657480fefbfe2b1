import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { Call } from '@stream-io/video-react-sdk';
import '../video/video.css';
import { MissedCalls } from './components/MissedCalls';
import { RingingCalls } from './components/RingingCalls';
import { VideoClientBoundary } from './components/VideoClientBoundary';

/**
 * Incoming (and outgoing) ringing calls, and rings that ended unanswered, anywhere in the signed-in app: mount once in the signed-in layout,
 * inside StreamConnectionProvider mode="user". Once a ringing call is joined, the call page opens on it.
 */
export const CallNotifications = () => {
  const navigate = useNavigate();
  const onJoined = useCallback((call: Call) => navigate(`/calls/${call.type}/${call.id}`), [navigate]);
  return (
    <VideoClientBoundary quiet>
      <RingingCalls onJoined={onJoined} />
      <MissedCalls />
    </VideoClientBoundary>
  );
};

export default CallNotifications;
