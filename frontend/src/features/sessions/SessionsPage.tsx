import { useCallback, useEffect, useState } from 'react';
import { ButtonLink } from '../../components/Button/Button';
import { PageHeader } from '../../components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../components/StatePanel/StatePanel';
import type { CallArtifacts, CallSummary } from '@mentoring/shared';
import { useAuth } from '../auth';
import { fetchArtifacts, fetchCalls } from './api';
import { Transcript } from './Transcript';
import styles from './SessionsPage.module.css';

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'unknown time');
const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

const CallArchive = ({ call, getIdToken }: { call: CallSummary; getIdToken: () => Promise<string | null> }) => {
  const [artifacts, setArtifacts] = useState<Load<CallArtifacts>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    setArtifacts({ state: 'loading' });
    let active = true;
    getIdToken()
      .then((token) => fetchArtifacts(token, call))
      .then((value) => active && setArtifacts({ state: 'ready', value }))
      .catch((error: Error) => active && setArtifacts({ state: 'failed', message: error.message }));
    return () => {
      active = false;
    };
  }, [call, getIdToken, attempt]);

  return (
    <article aria-labelledby={`call-${call.cid}`} className={styles.session}>
      <h2 id={`call-${call.cid}`}>{`Session of ${formatTime(call.createdAt)}`}</h2>
      {call.endedAt && <p>{`Ended ${formatTime(call.endedAt)}`}</p>}
      {artifacts.state === 'loading' && <LoadingState label="Loading recordings and transcripts…" />}
      {artifacts.state === 'failed' && (
        <ErrorState title="Recordings and transcripts did not load" onRetry={() => setAttempt((count) => count + 1)}>
          <p>{artifacts.message}</p>
        </ErrorState>
      )}
      {artifacts.state === 'ready' && (
        <>
          {artifacts.value.recordings.length === 0 && artifacts.value.transcriptions.length === 0 && <p>No recordings or transcripts yet.</p>}
          {artifacts.value.recordings.map((recording) => (
            <figure key={`${recording.sessionId}/${recording.filename}`}>
              <video controls preload="metadata" src={recording.url} aria-label={`Recording ${recording.filename}`} />
              <figcaption>
                {`${formatTime(recording.startTime)} · ${formatSize(recording.size)} · `}
                <a href={recording.downloadUrl} download={recording.filename}>
                  Download recording
                </a>
              </figcaption>
            </figure>
          ))}
          {artifacts.value.transcriptions.map((transcript) => (
            <Transcript key={`${transcript.sessionId}/${transcript.filename}`} transcript={transcript} />
          ))}
        </>
      )}
    </article>
  );
};

/** The signed-in member's past calls, with their recordings (play, download) and transcripts (read, search). */
export const SessionsPage = () => {
  const { getIdToken } = useAuth();
  const [calls, setCalls] = useState<Load<CallSummary[]>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => setAttempt((count) => count + 1), []);

  useEffect(() => {
    let active = true;
    setCalls({ state: 'loading' });
    getIdToken()
      .then((token) => fetchCalls(token))
      .then(({ calls: value }) => active && setCalls({ state: 'ready', value }))
      .catch((error: Error) => active && setCalls({ state: 'failed', message: error.message }));
    return () => {
      active = false;
    };
  }, [getIdToken, attempt]);

  return (
    <>
      <PageHeader title="Past sessions" lead="Your calls, with their recordings and transcripts once they are ready." />
      {calls.state === 'loading' && <LoadingState label="Loading your sessions…" />}
      {calls.state === 'failed' && (
        <ErrorState title="Your sessions did not load" onRetry={retry}>
          <p>{calls.message}</p>
        </ErrorState>
      )}
      {calls.state === 'ready' && calls.value.length === 0 && (
        <EmptyState title="You have no past sessions yet." action={<ButtonLink to="/calls">Start a call</ButtonLink>}>
          <p>Every call you take part in is listed here afterwards, with its recording and transcript if it had them.</p>
        </EmptyState>
      )}
      {calls.state === 'ready' && calls.value.length > 0 && (
        <div className={styles.sessions}>
          {calls.value.map((call) => (
            <CallArchive key={call.cid} call={call} getIdToken={getIdToken} />
          ))}
        </div>
      )}
    </>
  );
};

export default SessionsPage;
