import { useQuery } from '@tanstack/react-query';
import type { CallSummary } from '@mentoring/shared';
import { errorMessage } from '../../lib/api-client';
import { apiQuery } from '../../lib/query';
import { Transcript } from './Transcript';

const formatTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'unknown time');
const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One call with its recordings and transcripts; other pages (a mentorship's) nest it under their own heading. */
export const CallArchive = ({ call, headingLevel = 2 }: { call: CallSummary; headingLevel?: 2 | 3 }) => {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const artifacts = useQuery(apiQuery('GET /api/calls/{type}/{id}/artifacts', { params: { type: call.type, id: call.id } }));

  return (
    <article aria-labelledby={`call-${call.cid}`}>
      <Heading id={`call-${call.cid}`}>{`Session of ${formatTime(call.createdAt)}`}</Heading>
      {call.endedAt && <p>{`Ended ${formatTime(call.endedAt)}`}</p>}
      {artifacts.isPending && <p>Loading recordings and transcripts…</p>}
      {artifacts.isError && <p role="alert">{errorMessage(artifacts.error)}</p>}
      {artifacts.isSuccess && (
        <>
          {artifacts.data.recordings.length === 0 && artifacts.data.transcriptions.length === 0 && <p>No recordings or transcripts yet.</p>}
          {artifacts.data.recordings.map((recording) => (
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
          {artifacts.data.transcriptions.map((transcript) => (
            <Transcript key={`${transcript.sessionId}/${transcript.filename}`} transcript={transcript} />
          ))}
        </>
      )}
    </article>
  );
};

/** The signed-in member's past calls, with their recordings (play, download) and transcripts (read, search). */
export const SessionsPage = () => {
  const calls = useQuery(apiQuery('GET /api/calls'));

  return (
    <section>
      <h1>Past sessions</h1>
      {calls.isPending && <p>Loading your sessions…</p>}
      {calls.isError && <p role="alert">{errorMessage(calls.error)}</p>}
      {calls.isSuccess && calls.data.calls.length === 0 && <p>You have no past sessions yet.</p>}
      {calls.isSuccess && calls.data.calls.map((call) => <CallArchive key={call.cid} call={call} />)}
    </section>
  );
};

export default SessionsPage;
