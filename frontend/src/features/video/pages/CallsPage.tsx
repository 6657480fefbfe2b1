import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStreamVideoClient, type Call } from '@stream-io/video-react-sdk';
import { CALL_TYPES, type CallType } from '@mentoring/shared';
import '@stream-io/video-react-sdk/dist/css/styles.css';
import '../video.css';
import { VideoClientBoundary } from '../components/VideoClientBoundary';
import { parseCallLink, startCall } from '../components/startCall';
import { useCallAction } from '../components/useCallAction';
import { callTypeLabels, text } from '../strings';
import { CallPartnersField, callIdFor, type CallPartner } from '../../mentorships/components/CallPartnersField';
import { copy as mentorshipCopy } from '../../mentorships/copy';

const callPath = (call: Pick<Call, 'type' | 'id'>) => `/calls/${call.type}/${call.id}`;

const StartCallForm = () => {
  const client = useStreamVideoClient();
  const navigate = useNavigate();
  const [type, setType] = useState<CallType>('default');
  const [partners, setPartners] = useState<CallPartner[]>([]);
  const [ring, setRing] = useState(false);
  const [nobody, setNobody] = useState(false);
  const { busy, error, run } = useCallAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!client) return;
    // Ringing nobody would only ring oneself.
    setNobody(ring && partners.length === 0);
    if (ring && partners.length === 0) return;
    void run(async () => {
      const call = await startCall(client, { type, memberIds: partners.map((partner) => partner.userId), ring, id: callIdFor(partners) });
      // A ringing call waits in CallNotifications until someone accepts; others open the lobby.
      if (!ring) navigate(callPath(call));
    });
  };

  return (
    <form onSubmit={submit} className="calls-start">
      <h2>{text.callsPage.start}</h2>
      <label>
        {text.callsPage.type}
        <select value={type} onChange={(event) => setType(event.target.value as CallType)}>
          {CALL_TYPES.map((value) => (
            <option key={value} value={value}>
              {callTypeLabels[value]}
            </option>
          ))}
        </select>
      </label>
      <CallPartnersField chosen={partners} onChange={setPartners} />
      <label>
        <input type="checkbox" checked={ring} onChange={(event) => setRing(event.target.checked)} />
        {text.callsPage.ring}
      </label>
      <button type="submit" className="call-button call-button--primary" disabled={busy}>
        {text.callsPage.startButton}
      </button>
      {nobody && <p role="alert">{mentorshipCopy.calls.pickSomeone}</p>}
      {error && <p role="alert">{error}</p>}
    </form>
  );
};

const JoinByLinkForm = () => {
  const navigate = useNavigate();
  const [link, setLink] = useState('');
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseCallLink(link);
    setInvalid(!parsed);
    if (parsed) navigate(callPath(parsed));
  };
  return (
    <form onSubmit={submit} className="calls-join">
      <h2>{text.callsPage.joinByLink}</h2>
      <label>
        {text.callsPage.linkLabel}
        <input value={link} onChange={(event) => setLink(event.target.value)} />
      </label>
      <button type="submit" className="call-button">
        {text.callsPage.joinButton}
      </button>
      {invalid && <p role="alert">{text.callsPage.badLink}</p>}
    </form>
  );
};

const RecentCalls = () => {
  const client = useStreamVideoClient();
  const [calls, setCalls] = useState<Call[]>([]);
  useEffect(() => {
    if (!client) return;
    client
      .queryCalls({ sort: [{ field: 'created_at', direction: -1 }], limit: 10 })
      .then((result) => setCalls(result.calls))
      .catch((cause: unknown) => console.warn(cause));
  }, [client]);
  return (
    <section className="calls-recent">
      <h2>{text.callsPage.recent}</h2>
      {calls.length === 0 ? (
        <p>{text.callsPage.noRecent}</p>
      ) : (
        <ul>
          {calls.map((call) => (
            <li key={call.cid}>
              <Link to={callPath(call)}>
                {callTypeLabels[call.type as CallType] ?? call.type} · {call.state.createdAt?.toLocaleString() ?? call.id}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** /calls (signed in): start a call of each type, invite and ring members, join by link, recent calls. */
export const CallsPage = () => {
  return (
    <section className="calls-page">
      <h1>{text.callsPage.title}</h1>
      <VideoClientBoundary>
        <StartCallForm />
        <JoinByLinkForm />
        <RecentCalls />
      </VideoClientBoundary>
    </section>
  );
};

export default CallsPage;
