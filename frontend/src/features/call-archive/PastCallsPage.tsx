import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/Button/Button';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import type { CallSummary } from '@mentoring/shared';
import { groupSessionIdOfCall } from '@mentoring/shared/group-sessions';
import { errorMessage } from '@/lib/api-client';
import { useDates } from '@/lib/member-zone';
import { callArtifactsQuery, pastCallsQuery } from './api';
import { Transcript } from '@/components/Transcript/Transcript';
import styles from './PastCallsPage.module.css';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** One call with its recordings and transcripts; other pages (a mentorship's) nest it under their own heading. */
export const CallArchive = ({ call, headingLevel = 2 }: { call: CallSummary; headingLevel?: 2 | 3 }) => {
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const artifacts = useQuery(callArtifactsQuery(call));
  const dates = useDates();
  const formatTime = (iso: string | null) => (iso ? dates.dateTime(iso) : 'unknown time');
  // Nested (level 3) it sits on a page of its own already: the group session's, or the mentorship's.
  const groupSessionId = headingLevel === 2 ? groupSessionIdOfCall(call.type, call.id) : null;

  return (
    <article aria-labelledby={`call-${call.cid}`} className={styles.session}>
      <Heading id={`call-${call.cid}`}>{`Call of ${formatTime(call.createdAt)}`}</Heading>
      {call.endedAt && <p>{`Ended ${formatTime(call.endedAt)}`}</p>}
      {groupSessionId && (
        <p>
          <Link to={`/group-sessions/${groupSessionId}`}>The group session’s page</Link>
        </p>
      )}
      {artifacts.isPending && <LoadingState label="Loading recordings and transcripts…" />}
      {artifacts.isError && (
        <ErrorState title="Recordings and transcripts did not load" onRetry={() => void artifacts.refetch()}>
          <p>{errorMessage(artifacts.error)}</p>
        </ErrorState>
      )}
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
            <Transcript key={`${transcript.sessionId}/${transcript.filename}`} transcript={transcript} speakers={artifacts.data.speakers} />
          ))}
        </>
      )}
    </article>
  );
};

/**
 * /calls/past: the signed-in member's past calls, with their recordings (play, download) and transcripts (read,
 * search). Booked mentoring sessions have their own list (/sessions); this is the archive of every call.
 */
export const PastCallsPage = () => {
  const calls = useQuery(pastCallsQuery());

  return (
    <>
      <PageHeader title="Past calls" lead="Your calls, with their recordings and transcripts once they are ready." />
      <p className={styles.elsewhere}>
        <Link to="/sessions">Your booked sessions</Link> are listed on their own page.
      </p>
      {calls.isPending && <LoadingState label="Loading your past calls…" />}
      {calls.isError && (
        <ErrorState title="Your past calls did not load" onRetry={() => void calls.refetch()}>
          <p>{errorMessage(calls.error)}</p>
        </ErrorState>
      )}
      {calls.isSuccess && calls.data.calls.length === 0 && (
        <EmptyState title="You have no past calls yet." action={<ButtonLink to="/calls">Start a call</ButtonLink>}>
          <p>Every call you take part in is listed here afterwards, with its recording and transcript if it had them.</p>
        </EmptyState>
      )}
      {calls.isSuccess && calls.data.calls.length > 0 && (
        <div className={styles.sessions}>
          {calls.data.calls.map((call) => (
            <CallArchive key={call.cid} call={call} />
          ))}
        </div>
      )}
    </>
  );
};

export default PastCallsPage;
