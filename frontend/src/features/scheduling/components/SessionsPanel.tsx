import { useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/Button/Button';
import { LoadingState } from '@/components/StatePanel/StatePanel';
import { toast } from '@/components/Toast/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { sessionsQuery, type Session } from '../api';
import { useSessionChange, useViewerZone } from '../hooks';
import { copy } from '../copy';
import { sessionPath, sessionSections } from '../model';
import { lengthLabel, otherLocal, whenIn } from '../time';
import { isMemberOf, nameOf, otherOf, otherZoneOf, viewerOf, type Pair } from '../types';
import { BookingForm } from './BookingForm';
import { SessionChangeDialog, type ChangeKind } from './SessionChangeDialog';
import styles from '../scheduling.module.css';

interface RowProps {
  session: Session;
  pair: Pair;
  zone: string;
  otherZone: string;
  canChange: boolean;
}

/** When a session starts for the viewer, and for the other member where their clock says otherwise. */
export const When = ({ iso, zone, otherZone, otherName }: { iso: string; zone: string; otherZone: string; otherName: string }) => {
  const other = otherLocal(iso, zone, otherZone);
  return (
    <>
      <time dateTime={iso}>{whenIn(iso, zone)}</time>
      {other && <span className={styles.otherTime}>{` (${copy.slot.other(other, otherName)})`}</span>}
    </>
  );
};

const SessionRow = ({ session, pair, zone, otherZone, canChange }: RowProps) => {
  const [change, setChange] = useState<ChangeKind | null>(null);
  const titleId = useId();
  const other = otherOf(pair);
  return (
    <li className={styles.sessionRow} aria-labelledby={titleId}>
      <div className={styles.sessionMain}>
        <p id={titleId} className={styles.sessionWhen}>
          {session.startsAt ? <When iso={session.startsAt} zone={zone} otherZone={otherZone} otherName={other.displayName} /> : copy.session.proposedTitle}
        </p>
        <p className={styles.muted}>
          {[lengthLabel(session.durationMinutes), copy.states[session.state], session.planned ? null : copy.session.unplanned].filter(Boolean).join(' · ')}
        </p>
        {session.agenda && <p className={styles.agenda}>{session.agenda}</p>}
        {session.state === 'cancelled' && session.cancelReason && (
          <p className={styles.muted}>{copy.session.cancelledBecause(nameOf(pair, session.cancelledBy), session.cancelReason)}</p>
        )}
      </div>
      <div className={styles.actions}>
        <Link to={sessionPath(session)} className={styles.linkButton} aria-describedby={titleId}>
          {copy.panel.open}
        </Link>
        {canChange && (
          <>
            <Button variant="secondary" className={styles.small} aria-describedby={titleId} onClick={() => setChange('reschedule')}>
              {copy.panel.reschedule}
            </Button>
            <Button variant="secondary" className={styles.small} aria-describedby={titleId} onClick={() => setChange('cancel')}>
              {copy.panel.cancel}
            </Button>
          </>
        )}
      </div>
      <SessionChangeDialog kind={change} session={session} pair={pair} zone={zone} otherZone={otherZone} onClose={() => setChange(null)} />
    </li>
  );
};

const Proposal = ({ session, pair, zone, otherZone, canChange }: RowProps) => {
  const change = useSessionChange(pair.id);
  const [cancel, setCancel] = useState<ChangeKind | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
  const mine = session.bookedBy === viewerOf(pair).id;
  const other = otherOf(pair);
  const pick = (startsAt: string) => {
    setProblem(null);
    change.mutate(
      { kind: 'confirm', sessionId: session.id, startsAt },
      {
        onSuccess: () => toast.success(copy.panel.picked),
        onError: (error) => setProblem(errorMessage(error) + (error instanceof ApiError && error.status === 409 ? ` ${copy.booking.taken}` : '')),
      },
    );
  };
  return (
    <li className={styles.sessionRow} aria-labelledby={headingId}>
      <div className={styles.sessionMain}>
        <p id={headingId} className={styles.sessionWhen}>
          {mine ? copy.panel.youProposed(other.displayName) : copy.panel.proposedBy(nameOf(pair, session.bookedBy))}
        </p>
        <p className={styles.muted}>{lengthLabel(session.durationMinutes)}</p>
        {session.agenda && <p className={styles.agenda}>{session.agenda}</p>}
        <ul className={styles.proposedTimes}>
          {session.proposedTimes.map((time) => (
            <li key={time} className={styles.proposedTime}>
              <span>
                <When iso={time} zone={zone} otherZone={otherZone} otherName={other.displayName} />
              </span>
              {!mine && canChange && (
                <Button className={styles.small} disabled={change.isPending || Date.parse(time) < Date.now()} onClick={() => pick(time)} aria-label={`${copy.panel.pick}: ${whenIn(time, zone)}`}>
                  {copy.panel.pick}
                </Button>
              )}
            </li>
          ))}
        </ul>
        {problem && (
          <p role="alert" className={styles.error}>
            {problem}
          </p>
        )}
      </div>
      {canChange && (
        <div className={styles.actions}>
          <Button variant="secondary" className={styles.small} onClick={() => setCancel('cancel')}>
            {mine ? copy.panel.withdraw : copy.panel.cancel}
          </Button>
        </div>
      )}
      <SessionChangeDialog kind={cancel} session={session} pair={pair} zone={zone} otherZone={otherZone} onClose={() => setCancel(null)} />
    </li>
  );
};

const Group = ({ title, empty, children, count }: { title: string; empty?: string; children: React.ReactNode; count: number }) => {
  const id = useId();
  return (
    <section aria-labelledby={id} className={styles.group}>
      <h3 id={id}>{title}</h3>
      {count === 0 && empty ? <p className={styles.muted}>{empty}</p> : <ul className={styles.sessionList}>{children}</ul>}
    </section>
  );
};

/**
 * The "Sessions" section of a mentorship's page: proposals to answer, the sessions to come and the past ones,
 * and, while the mentorship is active, booking a common free time of the pair.
 */
export const SessionsPanel = ({ pair }: { pair: Pair }) => {
  const id = useId();
  const [booking, setBooking] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const sessions = useQuery(sessionsQuery(pair.id));
  const zone = useViewerZone();
  const otherZone = otherZoneOf(pair);
  const canChange = isMemberOf(pair) && pair.state === 'ACTIVE';

  const body = () => {
    if (sessions.isPending) return <LoadingState label={copy.panel.loading} />;
    if (sessions.isError) return <p role="alert" className={styles.error}>{errorMessage(sessions.error)}</p>;
    const { proposals, upcoming, past } = sessionSections(sessions.data.sessions);
    const row = { pair, zone, otherZone, canChange };
    return (
      <>
        {proposals.length > 0 && (
          <Group title={copy.panel.proposals} count={proposals.length}>
            {proposals.map((session) => (
              <Proposal key={session.id} session={session} {...row} />
            ))}
          </Group>
        )}
        <Group title={copy.panel.upcoming} empty={copy.panel.noUpcoming} count={upcoming.length}>
          {upcoming.map((session) => (
            <SessionRow key={session.id} session={session} {...row} />
          ))}
        </Group>
        <Group title={copy.panel.past} empty={copy.panel.noPast} count={past.length}>
          {past.map((session) => (
            <SessionRow key={session.id} session={session} {...row} canChange={false} />
          ))}
        </Group>
      </>
    );
  };

  return (
    <section className={styles.panel} aria-labelledby={id}>
      <div className={styles.panelHead}>
        <h2 id={id}>{copy.panel.title}</h2>
        {canChange && (
          <Button ref={toggle} variant={booking ? 'secondary' : 'primary'} aria-expanded={booking} aria-controls={`${id}-booking`} onClick={() => setBooking((open) => !open)}>
            {booking ? copy.panel.closeBooking : copy.panel.book}
          </Button>
        )}
      </div>
      <div id={`${id}-booking`} hidden={!booking}>
        {booking && <BookingForm pair={pair} zone={zone} otherZone={otherZone} onDone={() => {
              // The form goes away with the focus in it: back to the button that opened it.
              setBooking(false);
              toggle.current?.focus();
            }} />}
      </div>
      {body()}
    </section>
  );
};
