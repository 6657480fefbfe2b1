import { useStreamVideoClient } from '@stream-io/video-react-sdk';
import type { CallType } from '@mentoring/shared';
import { startCall } from '../../../lib/stream/start-call';
import { useCallAction } from './useCallAction';

export interface StartRingingCallButtonProps {
  memberIds: string[];
  type?: CallType;
  label?: string;
}

/** For a conversation on /messages: rings its members; CallNotifications follows the call once accepted. */
export const StartRingingCallButton = ({ memberIds, type = 'default', label = 'Start a call' }: StartRingingCallButtonProps) => {
  const client = useStreamVideoClient();
  const { busy, error, run } = useCallAction();
  if (!client) return null;
  return (
    <>
      <button type="button" className="call-button" disabled={busy} onClick={() => run(() => startCall(client, { type, memberIds, ring: true }))}>
        {label}
      </button>
      {error && <p role="alert">{error}</p>}
    </>
  );
};
