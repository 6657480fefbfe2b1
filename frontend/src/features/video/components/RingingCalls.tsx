import { useEffect, useRef } from 'react';
import { CallingState, StreamCall, useCall, useCallStateHooks, useCalls, type Call } from '@stream-io/video-react-sdk';
import { copy as text } from '../copy';
import { useCallAction } from './useCallAction';

const RingingCallCard = ({ onJoined }: { onJoined: (call: Call) => void }) => {
  const call = useCall();
  const { useCallCallingState, useCallCreatedBy, useCallSettings } = useCallStateHooks();
  const callingState = useCallCallingState();
  const creator = useCallCreatedBy();
  const ring = useCallSettings()?.ring;
  const { busy, error, run } = useCallAction();

  // The SDK joins the creator's call once someone accepts (docs/product-spec.md, point 4); follow it into the call page, once.
  const followed = useRef(false);
  useEffect(() => {
    if (!call || callingState !== CallingState.JOINED || followed.current) return;
    followed.current = true;
    onJoined(call);
  }, [call, callingState, onJoined]);

  if (!call || callingState !== CallingState.RINGING) return null;
  const incoming = !call.isCreatedByMe;
  const timeoutMs = incoming ? ring?.incoming_call_timeout_ms : ring?.auto_cancel_timeout_ms;
  return (
    <div className="ringing-call" role="alertdialog" aria-label={incoming ? text.ringing.incoming(creator?.name || creator?.id || '') : text.ringing.outgoing}>
      <p>{incoming ? text.ringing.incoming(creator?.name || creator?.id || '') : text.ringing.outgoing}</p>
      {timeoutMs ? <p className="ringing-call__timeout">{text.ringing.timeout(Math.round(timeoutMs / 1000))}</p> : null}
      {incoming && (
        <button type="button" className="call-button call-button--primary" disabled={busy} onClick={() => run(() => call.join())}>
          {text.ringing.accept}
        </button>
      )}
      <button type="button" className="call-button call-button--danger" disabled={busy} onClick={() => run(() => call.leave({ reject: true }))}>
        {incoming ? text.ringing.reject : text.ringing.cancel}
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
};

/** Incoming and outgoing ringing calls, with accept, decline and cancel. Inside <StreamVideo>. */
export const RingingCalls = ({ onJoined }: { onJoined: (call: Call) => void }) => {
  const calls = useCalls().filter((call) => call.ringing);
  if (!calls.length) return null;
  return (
    <div className="ringing-calls">
      {calls.map((call) => (
        <StreamCall key={call.cid} call={call}>
          <RingingCallCard onJoined={onJoined} />
        </StreamCall>
      ))}
    </div>
  );
};
