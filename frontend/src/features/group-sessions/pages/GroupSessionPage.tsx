import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { AUDIENCE_LABELS, backstageOpensAt, groupCallId } from '@mentoring/shared/group-sessions';
import { Button } from '@/components/Button/Button';
import { DialogActions } from '@/components/Form/Form';
import { Modal } from '@/components/Modal/Modal';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { StarRating } from '@/components/StarRating/StarRating';
import { ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { toast } from '@/components/Toast/toast';
import { errorMessage } from '@/lib/api-client';
import { useDates } from '@/lib/member-zone';
import { useAuth } from '@/lib/auth/useAuth';
import { useSafetySlots } from '@/lib/safety-slots';
import { useOwnProfile } from '@/lib/shared-api';
import { groupSessionQuery, type GroupSession } from '../api';
import { useCancel, useJoin, usePlaceChange, useRate } from '../hooks';
import { copy } from '../copy';
import { GroupCallArchiveSlot } from '../slots';
import styles from '../group-sessions.module.css';

const CancelDialog = ({ session, open, onClose }: { session: GroupSession; open: boolean; onClose: () => void }) => {
  const id = useId();
  const cancel = useCancel(session.id);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    cancel.mutate(String(new FormData(event.currentTarget).get('reason') ?? ''), { onSuccess: onClose });
  };
  return (
    <Modal open={open} onClose={onClose} title={copy.cancelTitle}>
      <form className={styles.form} onSubmit={submit}>
        <div className={styles.field}>
          <label htmlFor={`${id}-reason`}>{copy.cancelReason}</label>
          <textarea id={`${id}-reason`} name="reason" className={styles.input} rows={3} required maxLength={500} />
        </div>
        {cancel.error && (
          <p className={styles.error} role="alert">
            {errorMessage(cancel.error)}
          </p>
        )}
        <DialogActions>
          <Button variant="secondary" onClick={onClose}>
            {copy.keep}
          </Button>
          <Button type="submit" disabled={cancel.isPending}>
            {copy.cancelConfirm}
          </Button>
        </DialogActions>
      </form>
    </Modal>
  );
};

/** Sign up, leave, the waiting list, and the way into the call (backstage for hosts from 10 minutes before). */
const Actions = ({ session }: { session: GroupSession }) => {
  const dates = useDates();
  const navigate = useNavigate();
  const place = usePlaceChange(session.id);
  const join = useJoin(session.id);
  const [cancelling, setCancelling] = useState(false);
  const coordinator = useOwnProfile().data?.isCoordinator === true;
  if (session.state === 'cancelled') return <p role="status">{copy.cancelled(session.cancelReason)}</p>;
  if (session.state === 'ended') return null;
  const onStage = session.part !== 'participant' && session.part !== 'none';
  const opensAt = backstageOpensAt(session.startsAt);
  const backstageOpen = Date.now() >= opensAt.getTime();
  const change = (which: 'sign-up' | 'leave') =>
    place.mutate(which, {
      onSuccess: (next) => toast.success(next.status === 'signed_up' ? copy.signedUp : next.status === 'waiting' ? copy.waiting(next.position) : copy.left),
      onError: (error) => toast.error(errorMessage(error)),
    });
  const enter = () =>
    join.mutate(undefined, {
      onSuccess: (call) => void navigate(`/calls/${call.callType}/${call.callId}`),
      onError: (error) => toast.error(errorMessage(error)),
    });
  const mine = copy.parts[session.part] ?? copy.place(session.place);
  return (
    <section className={styles.card} aria-label="Your place">
      {mine && <p className={styles.place}>{mine}</p>}
      <div className={styles.actions}>
        {session.part === 'none' && (
          <Button onClick={() => change('sign-up')} disabled={place.isPending}>
            {session.taken >= session.capacity ? copy.joinWaitingList : copy.signUp}
          </Button>
        )}
        {session.part === 'participant' && (
          <Button variant="secondary" onClick={() => change('leave')} disabled={place.isPending}>
            {session.place.status === 'waiting' ? copy.leaveWaitingList : copy.leave}
          </Button>
        )}
        {(onStage ? backstageOpen : session.place.status === 'signed_up') && (
          <Button variant="accent" onClick={enter} disabled={join.isPending}>
            {onStage && session.state === 'scheduled' ? copy.joinBackstage : copy.join}
          </Button>
        )}
        {(session.part === 'host' || coordinator) && (
          <Button variant="secondary" onClick={() => setCancelling(true)}>
            {copy.cancel}
          </Button>
        )}
      </div>
      {onStage && !backstageOpen && <p className={styles.meta}>{copy.backstageOpens(dates.dateTime(opensAt))}</p>}
      <CancelDialog session={session} open={cancelling} onClose={() => setCancelling(false)} />
    </section>
  );
};

/** A participant with a place rates the session once it took place (again, to change it). */
const RateSession = ({ session }: { session: GroupSession }) => {
  const id = useId();
  const rate = useRate(session.id);
  const [stars, setStars] = useState<number | null>(session.myRating?.rating ?? null);
  const [editing, setEditing] = useState(session.myRating === null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (stars === null) return;
    const comment = String(new FormData(event.currentTarget).get('comment') ?? '');
    rate.mutate(
      { rating: stars, comment },
      {
        onSuccess: () => {
          setEditing(false);
          toast.success(copy.rating.sent);
        },
      },
    );
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{copy.rating.title}</h2>
      {!editing && session.myRating ? (
        <>
          <p role="status">{copy.rating.thanks(session.myRating.rating)}</p>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {copy.rating.change}
          </Button>
        </>
      ) : (
        <form className={styles.form} onSubmit={submit}>
          <StarRating label={copy.rating.stars} value={stars} onChange={setStars} />
          <div className={styles.field}>
            <label htmlFor={`${id}-comment`}>{copy.rating.comment}</label>
            <textarea id={`${id}-comment`} name="comment" className={styles.input} rows={3} maxLength={1000} defaultValue={session.myRating?.comment} />
          </div>
          {rate.error && (
            <p className={styles.error} role="alert">
              {errorMessage(rate.error)}
            </p>
          )}
          <div className={styles.actions}>
            <Button type="submit" disabled={stars === null || rate.isPending}>
              {copy.rating.send}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
};

/** The participants' ratings, for those who run the session: their mean and comments, without names. */
const Ratings = ({ ratings }: { ratings: NonNullable<GroupSession['ratings']> }) => {
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId}>{copy.rating.summaryTitle}</h2>
      <p className={styles.meta}>{ratings.average === null ? copy.rating.none : copy.rating.summary(ratings.average, ratings.count)}</p>
      {ratings.comments.length > 0 && (
        <ul className={styles.lines}>
          {ratings.comments.map((comment, index) => (
            <li key={index}>{`“${comment}”`}</li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** Who joined the call and for how long, as its webhooks told the server: for the host, co-hosts and coordinators. */
const Attendance = ({ attendance }: { attendance: NonNullable<GroupSession['attendance']> }) => {
  const dates = useDates();
  const titleId = useId();
  return (
    <section className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId}>{copy.attendance.title}</h2>
      {attendance.length === 0 ? (
        <p className={styles.meta}>{copy.attendance.none}</p>
      ) : (
        <ul className={styles.lines}>
          {attendance.map((line) => (
            <li key={line.member.id}>
              <strong>{line.member.displayName}</strong>
              {` · ${dates.time(line.joinedAt)} · ${line.inCall ? copy.attendance.inCall : copy.attendance.minutes(line.seconds)}`}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
};

/** Its call's recordings and transcripts once it took place, for those the server lets read them. */
const Archive = ({ session }: { session: GroupSession }) => {
  const titleId = useId();
  const callId = groupCallId(session.id);
  const cid = `${session.callType}:${callId}`;
  return (
    <section className={styles.archive} aria-labelledby={titleId}>
      <h2 id={titleId}>{copy.archive.title}</h2>
      <p className={styles.meta}>{copy.archive.lead}</p>
      <GroupCallArchiveSlot.Slot call={{ cid, type: session.callType, id: callId, createdAt: session.startsAt, endedAt: null, createdBy: session.host.id }} headingLevel={3} />
      <p className={styles.meta}>
        <Link to={`/calls/past#call-${cid}`}>{copy.archive.allCalls}</Link>
      </p>
    </section>
  );
};

/**
 * "Report a participant", for one who took part (on stage, or with a place): about anyone named on the page (those on
 * stage, and for those who run it, everyone who joined), through safeguarding's report dialog with the session as
 * context. The server checks again that both took part.
 */
const ReportParticipant = ({ session }: { session: GroupSession }) => {
  const id = useId();
  const { report } = useSafetySlots();
  const ownId = useAuth().user?.id;
  const [chosen, setChosen] = useState('');
  const tookPart = session.part !== 'none' && (session.part !== 'participant' || session.place.status === 'signed_up');
  if (!report || !tookPart) return null;
  const self = ownId;
  const named = [session.host, ...session.coHosts, ...session.speakers, ...(session.attendance ?? []).map((line) => line.member)];
  const people = named.filter((person, index) => person.id !== self && named.findIndex((other) => other.id === person.id) === index);
  if (people.length === 0) return null;
  const open = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const person = people.find((each) => each.id === chosen);
    if (!person) return;
    report({ subject: { kind: 'group_session', groupSessionId: session.id, memberId: person.id }, about: copy.report.about(person.displayName, session.title) });
  };
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{copy.report.title}</h2>
      <p className={styles.meta}>{copy.report.lead}</p>
      <form className={styles.reportRow} onSubmit={open}>
        <div className={styles.field}>
          <label htmlFor={`${id}-who`}>{copy.report.who}</label>
          <select id={`${id}-who`} className={styles.input} value={chosen} onChange={(event) => setChosen(event.target.value)} aria-describedby={`${id}-hint`}>
            <option value="">{copy.report.choose}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.displayName}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="secondary" disabled={!chosen}>
          {copy.report.action}
        </Button>
      </form>
      <p id={`${id}-hint`} className={styles.meta}>
        {copy.report.onlyNamed}
      </p>
    </section>
  );
};

/** /group-sessions/:id: what it is, when in the member's zone, who is on stage, places, and the member's part. */
export const GroupSessionPage = () => {
  const { id = '' } = useParams();
  const dates = useDates();
  const query = useQuery(groupSessionQuery(id));
  if (query.error) {
    return (
      <>
        <PageHeader title={copy.title} />
        <ErrorState title={copy.notFound} onRetry={() => void query.refetch()}>
          <p>{errorMessage(query.error)}</p>
        </ErrorState>
      </>
    );
  }
  if (query.isPending) return <LoadingState label={copy.loading} />;
  const session = query.data;
  return (
    <>
      <Link to="/group-sessions">{copy.back}</Link>
      <PageHeader title={session.title} lead={`${copy.kinds[session.kind]} · ${copy.host(session.host.displayName)}`} />
      <div className={styles.stack}>
        <ul className={styles.badges} aria-label="About">
          <li className={styles.badge} data-state={session.state}>
            {copy.states[session.state]}
          </li>
          <li className={styles.badge}>{AUDIENCE_LABELS[session.audience]}</li>
        </ul>
        <p className={styles.meta}>
          <time dateTime={session.startsAt}>{dates.dateTime(session.startsAt)}</time>
          {` (${dates.zone}) · ${copy.form.minutes(session.durationMinutes)} · ${copy.places(session)}`}
        </p>
        {session.description && <p className={styles.description}>{session.description}</p>}
        <p className={styles.meta}>{`${copy.topics}: ${session.topics.join(', ')}`}</p>
        {session.coHosts.length > 0 && <p className={styles.meta}>{`${copy.coHosts}: ${session.coHosts.map((each) => each.displayName).join(', ')}`}</p>}
        {session.speakers.length > 0 && <p className={styles.meta}>{`${copy.speakers}: ${session.speakers.map((each) => each.displayName).join(', ')}`}</p>}
        <Actions session={session} />
        {session.attendance && session.state !== 'scheduled' && session.state !== 'cancelled' && <Attendance attendance={session.attendance} />}
        {session.ratings && (session.state === 'live' || session.state === 'ended') && <Ratings ratings={session.ratings} />}
        {session.part === 'participant' && session.place.status === 'signed_up' && (session.state === 'live' || session.state === 'ended') && <RateSession session={session} />}
        {session.archive && (session.state === 'live' || session.state === 'ended') && <Archive session={session} />}
        <ReportParticipant session={session} />
      </div>
    </>
  );
};

export default GroupSessionPage;
