import { useEffect, useState } from 'react';
import { useStreamVideoClient, type StreamVideoEvent } from '@stream-io/video-react-sdk';
import { mentorshipCallId, mentorshipIdOfCall, randomCallSuffix } from '@mentoring/shared/mentorship-calls';
import { startCall } from '@/lib/stream/start-call';
import { copy as text } from '../copy';
import { useCallAction } from './useCallAction';

interface MissedCall {
  cid: string;
  /** Who rang. */
  callerId: string;
  callerName: string;
  /** Who did not answer (Stream's `members` of call.missed), for the caller's own notice. */
  missedNames: string[];
  incoming: boolean;
}

type MissedEvent = Extract<StreamVideoEvent, { type: 'call.missed' }>;

const nameOf = (user: { id: string; name?: string }) => user.name || user.id;

const toMissedCall = (event: MissedEvent, me: string): MissedCall | null => {
  const missed = event.members.filter((member) => member.user_id !== event.user.id);
  const incoming = missed.some((member) => member.user_id === me);
  if (!incoming && event.user.id !== me) return null;
  return { cid: event.call_cid, callerId: event.user.id, callerName: nameOf(event.user), missedNames: missed.map((member) => nameOf(member.user)), incoming };
};

/** Calls back on a fresh call: a mentorship's call stays the mentorship's (its id says so). */
const callBackId = (cid: string) => {
  const [type = '', id = ''] = cid.split(':');
  const mentorshipId = mentorshipIdOfCall(type, id);
  return mentorshipId ? mentorshipCallId(mentorshipId, randomCallSuffix()) : undefined;
};

const MissedCallNotice = ({ missed, onDismiss }: { missed: MissedCall; onDismiss: () => void }) => {
  const client = useStreamVideoClient();
  const { busy, error, run } = useCallAction();
  const message = missed.incoming ? text.missed.incoming(missed.callerName) : text.missed.outgoing(missed.missedNames.join(', '));
  const callBack = () =>
    run(async () => {
      if (!client) return;
      await startCall(client, { type: 'default', memberIds: [missed.callerId], ring: true, id: callBackId(missed.cid) });
      onDismiss();
    });
  return (
    <div className="ringing-call" role="status" aria-label={message}>
      <p>{message}</p>
      {missed.incoming && (
        <button type="button" className="call-button call-button--primary" disabled={busy} onClick={() => void callBack()}>
          {text.missed.callBack(missed.callerName)}
        </button>
      )}
      <button type="button" className="call-button" disabled={busy} onClick={onDismiss}>
        {text.missed.dismiss}
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
};

/**
 * Rings that ended unanswered (Stream's call.missed): the member who was rung is told who called, with a way to call
 * back; the caller is told who did not answer. The same call is also in the rung member's notifications list (server).
 */
export const MissedCalls = () => {
  const client = useStreamVideoClient();
  const [missed, setMissed] = useState<MissedCall[]>([]);
  useEffect(() => {
    if (!client) return;
    return client.on('call.missed', (event) => {
      const me = client.state.connectedUser?.id;
      const notice = me ? toMissedCall(event, me) : null;
      if (notice) setMissed((shown) => [...shown.filter((other) => other.cid !== notice.cid), notice]);
    });
  }, [client]);
  if (!missed.length) return null;
  return (
    <div className="ringing-calls ringing-calls--missed">
      {missed.map((call) => (
        <MissedCallNotice key={call.cid} missed={call} onDismiss={() => setMissed((shown) => shown.filter((other) => other.cid !== call.cid))} />
      ))}
    </div>
  );
};
