import { useEffect, useState } from 'react';
import type { CallArtifacts, CallSummary } from '@mentoring/shared';
import { useAuth } from '../auth';
import { fetchArtifacts, fetchCalls } from './api';
import { Transcript } from './Transcript';

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'unknown time');
const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

type Load<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; value: T };

const CallArchive = ({ call, getIdToken }: { call: CallSummary; getIdToken: () => Promise<string | null> }) => {
  const [artifacts, setArtifacts] = useState<Load<CallArtifacts>>({ state: 'loading' });
  useEffect(() => {
    let active = true;
    getIdToken()
      .then((token) => fetchArtifacts(token, call))
      .then((value) => active && setArtifacts({ state: 'ready', value }))
      .catch((error: Error) => active && setArtifacts({ state: 'failed', message: error.message }));
    return () => {
      active = false;
    };
  }, [call, getIdToken]);

  return (
    <article aria-labelledby={`call-${call.cid}`}>
      <h2 id={`call-${call.cid}`}>{`Session of ${formatTime(call.createdAt)}`}</h2>
      {call.endedAt && <p>{`Ended ${formatTime(call.endedAt)}`}</p>}
      {artifacts.state === 'loading' && <p>Loading recordings and transcripts…</p>}
      {artifacts.state === 'failed' && <p role="alert">{artifacts.message}</p>}
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

  useEffect(() => {
    let active = true;
    getIdToken()
      .then((token) => fetchCalls(token))
      .then(({ calls: value }) => active && setCalls({ state: 'ready', value }))
      .catch((error: Error) => active && setCalls({ state: 'failed', message: error.message }));
    return () => {
      active = false;
    };
  }, [getIdToken]);

  return (
    <section>
      <h1>Past sessions</h1>
      {calls.state === 'loading' && <p>Loading your sessions…</p>}
      {calls.state === 'failed' && <p role="alert">{calls.message}</p>}
      {calls.state === 'ready' && calls.value.length === 0 && <p>You have no past sessions yet.</p>}
      {calls.state === 'ready' && calls.value.map((call) => <CallArchive key={call.cid} call={call} getIdToken={getIdToken} />)}
    </section>
  );
};

export default SessionsPage;
