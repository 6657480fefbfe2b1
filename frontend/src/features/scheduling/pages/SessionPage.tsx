import { useEffect, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { ButtonLink } from '@/components/Button/Button';
import { ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import { callArtifactsQuery, mentorshipQuery } from '@/lib/shared-api';
import { sessionQuery, type SessionDetail } from '../api';
import { useViewerZone } from '../hooks';
import { ActionItems } from '../components/ActionItems';
import { NotesEditor } from '../components/NotesEditor';
import { When } from '../components/SessionsPanel';
import { copy } from '../copy';
import { callPath, callWindow } from '../model';
import { lengthLabel, timeIn, whenIn } from '../time';
import { nameOf, otherOf, otherZoneOf, pairOf, type Pair } from '../types';
import styles from '../scheduling.module.css';
import { Columns } from '@/components/Columns/Columns';
import { Transcript } from '@/components/Transcript/Transcript';

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => {
  const id = useId();
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
};

/** The session's call window, re-read when it opens or closes while the page is on screen. */
const useCallWindow = (session: SessionDetail) => {
  const [now, setNow] = useState(() => Date.now());
  const current = callWindow(session, now);
  const endsAt = session.startsAt ? Date.parse(session.startsAt) + session.durationMinutes * 60_000 : null;
  const next = current.phase === 'early' ? current.opensAt : current.phase === 'open' ? endsAt : null;
  useEffect(() => {
    if (next === null) return;
    const wait = next - Date.now();
    // setTimeout takes at most about 24.8 days; a session further ahead is re-read on a later visit.
    if (wait > 2 ** 31 - 1) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [next]);
  return current;
};

const Recording = ({ session }: { session: SessionDetail }) => {
  const wanted = session.hasRecording || session.hasTranscript;
  const artifacts = useQuery({ ...callArtifactsQuery({ type: session.callType, id: session.callId }), enabled: wanted });
  return (
    <Section title={copy.session.recording}>
      {session.recordingFailed && <p role="status">{copy.session.recordingFailed}</p>}
      {session.transcriptionFailed && <p role="status">{copy.session.transcriptionFailed}</p>}
      {!wanted && !session.recordingFailed && !session.transcriptionFailed && <p className={styles.muted}>{copy.session.noRecording}</p>}
      {wanted && artifacts.isPending && <LoadingState label={copy.session.loading} />}
      {wanted && artifacts.isError && <p role="alert" className={styles.error}>{errorMessage(artifacts.error)}</p>}
      {artifacts.isSuccess && (
        <>
          <ul className={styles.plainList}>
            {artifacts.data.recordings.map((recording) => (
              <li key={`${recording.sessionId}/${recording.filename}`}>
                <a href={recording.url} target="_blank" rel="noreferrer">
                  {copy.session.recordingLink}
                </a>
              </li>
            ))}
          </ul>
          {artifacts.data.transcriptions.map((transcript) => (
            <Transcript key={`${transcript.sessionId}/${transcript.filename}`} transcript={transcript} speakers={artifacts.data.speakers} />
          ))}
        </>
      )}
      <p>
        <Link to={`/calls/past#call-${session.callType}:${session.callId}`}>{copy.session.archive}</Link>
      </p>
    </Section>
  );
};

const SessionView = ({ session, pair }: { session: SessionDetail; pair: Pair }) => {
  const zone = useViewerZone();
  const otherZone = otherZoneOf(pair);
  const other = otherOf(pair);
  const member = pair.viewerRole !== 'coordinator';
  const callWindowNow = useCallWindow(session);
  const title = session.startsAt ? copy.session.title(whenIn(session.startsAt, zone)) : copy.session.proposedTitle;
  return (
    <div className={styles.page}>
      <div>
        <Link to={`/mentorships/${pair.id}`} className={styles.back}>{`← ${copy.session.back}`}</Link>
        <div className={styles.titleRow}>
          <h1>{title}</h1>
          <span className={styles.badge} data-state={session.state}>
            {copy.states[session.state]}
          </span>
        </div>
        <p className={styles.muted}>{`${pair.mentor.displayName} and ${pair.mentee.displayName}`}</p>
      </div>
      <Columns>
        <div className={styles.stack}>
          <Section title="Details">
            <dl className={styles.facts}>
              <dt>{copy.session.when}</dt>
              <dd>
                {session.startsAt ? (
                  <>
                    <When iso={session.startsAt} zone={zone} otherZone={otherZone} otherName={other.displayName} />
                    {` – ${timeIn(new Date(Date.parse(session.startsAt) + session.durationMinutes * 60_000).toISOString(), zone)}`}
                  </>
                ) : (
                  session.proposedTimes.map((time) => (
                    <span key={time} style={{ display: 'block' }}>
                      <When iso={time} zone={zone} otherZone={otherZone} otherName={other.displayName} />
                    </span>
                  ))
                )}
              </dd>
              <dt>{copy.session.length}</dt>
              <dd>{lengthLabel(session.durationMinutes)}</dd>
              <dt>{copy.session.agenda}</dt>
              <dd className={styles.agenda}>{session.agenda || copy.session.noAgenda}</dd>
              <dt>{copy.session.bookedBy}</dt>
              <dd>{session.planned ? nameOf(pair, session.bookedBy) : copy.session.unplanned}</dd>
              {session.state === 'cancelled' && (
                <>
                  <dt>{copy.session.status}</dt>
                  <dd>{copy.session.cancelledBecause(nameOf(pair, session.cancelledBy), session.cancelReason ?? '')}</dd>
                </>
              )}
            </dl>
            {member && callWindowNow.phase === 'open' && (
              <div className={styles.actions}>
                <ButtonLink to={callPath(session)} variant="accent">
                  {copy.session.join}
                </ButtonLink>
              </div>
            )}
            {member && callWindowNow.phase === 'early' && <p className={styles.muted}>{copy.session.callOpensAt(timeIn(new Date(callWindowNow.opensAt).toISOString(), zone))}</p>}
          </Section>
          <Section title={copy.notes.title}>
            <NotesEditor key={session.id} sessionId={session.id} notes={session.notes} nameOf={(memberId) => nameOf(pair, memberId)} zone={zone} />
          </Section>
        </div>
        <div className={styles.stack}>
          <ActionItems pair={pair} sessionId={session.id} />
          <Section title={copy.session.attendance}>
            {session.attendance.length === 0 ? (
              <p className={styles.muted}>{copy.session.noAttendance}</p>
            ) : (
              <ul className={styles.plainList}>
                {session.attendance.map((entry) => (
                  <li key={entry.memberId}>
                    <strong>{entry.displayName}</strong>
                    <span className={styles.muted}>{` · ${timeIn(entry.joinedAt, zone)}${entry.leftAt ? `–${timeIn(entry.leftAt, zone)}` : ''} · ${copy.session.attended(entry.seconds)}`}</span>
                  </li>
                ))}
              </ul>
            )}
          </Section>
          <Recording session={session} />
        </div>
      </Columns>
    </div>
  );
};

/** /mentorships/:id/sessions/:sessionId: when, agenda, the call, attendance, recording, shared notes and the pair's action items. */
export const SessionPage = () => {
  const { id = '', sessionId = '' } = useParams();
  const session = useQuery(sessionQuery(sessionId));
  const mentorship = useQuery(mentorshipQuery(id));
  if (session.isPending || mentorship.isPending) return <LoadingState label={copy.session.loading} fill />;
  const failure = session.error ?? mentorship.error;
  if (failure || !session.data || !mentorship.data) {
    return (
      <div className={styles.page}>
        <h1>{copy.panel.title}</h1>
        <ErrorState title={copy.session.loadFailed} onRetry={() => void Promise.all([session.refetch(), mentorship.refetch()])}>
          <p>{errorMessage(failure)}</p>
          <p>
            <Link to={`/mentorships/${id}`}>{copy.session.back}</Link>
          </p>
        </ErrorState>
      </div>
    );
  }
  return <SessionView session={session.data} pair={pairOf(mentorship.data)} />;
};

export default SessionPage;
