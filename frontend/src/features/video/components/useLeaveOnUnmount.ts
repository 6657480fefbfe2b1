import { useEffect, useRef } from 'react';
import { CallingState, type Call } from '@stream-io/video-react-sdk';

/**
 * Leaving the page leaves the call and releases camera and microphone. The leave waits one task so that
 * React's StrictMode check (unmount and mount again at once, in development) does not end the call.
 */
export const useLeaveOnUnmount = (call: Call | undefined) => {
  const mounted = useRef(false);
  useEffect(() => {
    if (!call) return;
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current && call.state.callingState !== CallingState.LEFT) call.leave().catch(() => undefined);
      });
    };
  }, [call]);
};
