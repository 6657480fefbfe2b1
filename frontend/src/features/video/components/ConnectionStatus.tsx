import { useEffect, useRef, useState } from 'react';
import { CallingState, useCall, useCallStateHooks } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';

/** How long "Reconnected" stays on screen once the call is back. */
export const RECONNECTED_NOTICE_MS = 4000;

type Notice = 'reconnecting' | 'offline' | 'migrating' | 'reconnected' | 'failed';

const interrupted: Partial<Record<CallingState, Notice>> = {
  [CallingState.RECONNECTING]: 'reconnecting',
  [CallingState.OFFLINE]: 'offline',
  [CallingState.MIGRATING]: 'migrating',
  [CallingState.RECONNECTING_FAILED]: 'failed',
};

/**
 * Says in plain words what the connection is doing while in a call (the SDK's calling state), so a call that
 * loses its network never just freezes: reconnecting, offline, moving server, back again, or lost for good with a
 * way to rejoin. A polite live region, except the failure, which needs the member to act.
 */
export const ConnectionStatus = ({ onRejoin }: { onRejoin: () => Promise<void> }) => {
  const { useCallCallingState } = useCallStateHooks();
  const callingState = useCallCallingState();
  const call = useCall();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [rejoining, setRejoining] = useState(false);
  const [rejoinFailed, setRejoinFailed] = useState(false);
  const wasInterrupted = useRef(false);

  useEffect(() => {
    const next = interrupted[callingState];
    if (next) {
      wasInterrupted.current = true;
      setNotice(next);
      return;
    }
    if (callingState === CallingState.JOINED && wasInterrupted.current) {
      wasInterrupted.current = false;
      setNotice('reconnected');
      const timer = setTimeout(() => setNotice(null), RECONNECTED_NOTICE_MS);
      return () => clearTimeout(timer);
    }
    if (callingState !== CallingState.JOINED) setNotice(null);
  }, [callingState]);

  const rejoin = async () => {
    setRejoining(true);
    setRejoinFailed(false);
    try {
      await onRejoin();
    } catch (cause) {
      console.error(cause);
      setRejoinFailed(true);
    } finally {
      setRejoining(false);
    }
  };

  if (notice === 'failed') {
    return (
      <div className="call-connection call-connection--failed" role="alert">
        <p>{text.connection.failed}</p>
        {rejoinFailed && <p>{text.connection.rejoinFailed}</p>}
        <button type="button" className="call-button call-button--primary" disabled={rejoining || !call} onClick={() => void rejoin()}>
          {rejoining ? text.connection.rejoining : text.connection.rejoin}
        </button>
      </div>
    );
  }
  return (
    <p className={notice ? `call-connection call-connection--${notice}` : 'call-connection'} role="status" aria-live="polite">
      {notice ? text.connection[notice] : ''}
    </p>
  );
};
