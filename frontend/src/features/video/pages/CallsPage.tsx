import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useStreamVideoClient, type Call } from '@stream-io/video-react-sdk';
import type { CallType } from '@mentoring/shared/video';
import '@stream-io/video-react-sdk/dist/css/styles.css';
import '../video.css';
import { Button } from '@/components/Button/Button';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { VideoClientBoundary } from '../components/VideoClientBoundary';
import { startCall } from '@/lib/stream/start-call';
import { parseCallLink } from '../components/call-links';
import { useCallAction } from '../components/useCallAction';
import { callTypeLabels, copy as text } from '../copy';
import { CallPartnersSlot, callIdFor, type CallPartner } from '../slots';
import styles from './CallsPage.module.css';
import { useDates } from '@/lib/member-zone';

const callPath = (call: Pick<Call, 'type' | 'id'>) => `/calls/${call.type}/${call.id}`;

const StartCallForm = () => {
  const client = useStreamVideoClient();
  const navigate = useNavigate();
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
      // Members never choose a call type: pair calls are `default` (livestreams and audio rooms are group sessions').
      const call = await startCall(client, { type: 'default', memberIds: partners.map((partner) => partner.userId), ring, id: callIdFor(partners) });
      // A ringing call waits in CallNotifications until someone accepts; others open the lobby.
      if (!ring) navigate(callPath(call));
    });
  };

  return (
    <form onSubmit={submit} className={styles.card}>
      <h2 className={styles.cardTitle}>{text.callsPage.start}</h2>
      <CallPartnersSlot.Slot chosen={partners} onChange={setPartners} />
      <label className={styles.check}>
        <input type="checkbox" checked={ring} onChange={(event) => setRing(event.target.checked)} />
        {text.callsPage.ring}
      </label>
      <div>
        <Button type="submit" disabled={busy}>
          {text.callsPage.startButton}
        </Button>
      </div>
      {nobody && <p role="alert">{text.callsPage.pickSomeone}</p>}
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
    <form onSubmit={submit} className={styles.card}>
      <h2 className={styles.cardTitle}>{text.callsPage.joinByLink}</h2>
      <label className={styles.field}>
        {text.callsPage.linkLabel}
        <input className={styles.input} value={link} onChange={(event) => setLink(event.target.value)} />
      </label>
      <div>
        <Button type="submit" variant="secondary">
          {text.callsPage.joinButton}
        </Button>
      </div>
      {invalid && <p role="alert">{text.callsPage.badLink}</p>}
    </form>
  );
};

type Recent = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; calls: Call[] };

const RecentCalls = () => {
  const dates = useDates();
  const client = useStreamVideoClient();
  const [recent, setRecent] = useState<Recent>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!client) return;
    let active = true;
    setRecent({ state: 'loading' });
    client
      .queryCalls({ sort: [{ field: 'created_at', direction: -1 }], limit: 10 })
      .then((result) => active && setRecent({ state: 'ready', calls: result.calls }))
      .catch((cause: unknown) => {
        console.warn(cause);
        if (active) setRecent({ state: 'failed' });
      });
    return () => {
      active = false;
    };
  }, [client, attempt]);
  return (
    <section className={styles.recent} aria-labelledby="recent-calls">
      <h2 id="recent-calls" className={styles.cardTitle}>
        {text.callsPage.recent}
      </h2>
      {recent.state === 'loading' && <LoadingState label={text.callsPage.loadingRecent} />}
      {recent.state === 'failed' && (
        <ErrorState title={text.callsPage.recentFailed} onRetry={() => setAttempt((count) => count + 1)}>
          <p>{text.callsPage.recentFailedText}</p>
        </ErrorState>
      )}
      {recent.state === 'ready' && recent.calls.length === 0 && (
        <EmptyState title={text.callsPage.noRecent}>
          <p>{text.callsPage.noRecentText}</p>
        </EmptyState>
      )}
      {recent.state === 'ready' && recent.calls.length > 0 && (
        <ul className={styles.recentList}>
          {recent.calls.map((call) => (
            <li key={call.cid}>
              <Link to={callPath(call)}>
                {callTypeLabels[call.type as CallType] ?? call.type} · {(call.state.createdAt ? dates.dateTime(call.state.createdAt) : call.id)}
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
    <>
      <PageHeader title={text.callsPage.title} lead={text.callsPage.lead} />
      <p className={styles.pastCalls}>
        {`${text.callsPage.pastCalls} `}
        <Link to="/calls/past">{text.callsPage.pastCallsLink}</Link>.
      </p>
      <VideoClientBoundary>
        <div className={styles.forms}>
          <StartCallForm />
          <JoinByLinkForm />
        </div>
        <RecentCalls />
      </VideoClientBoundary>
    </>
  );
};

export default CallsPage;
