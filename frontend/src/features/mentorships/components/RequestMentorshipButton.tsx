import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIVE_STATES, type MentorshipState } from '@mentoring/shared/mentorship';
import { Button, ButtonLink } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { ApiError, errorMessage } from '@/lib/api-client';
import { myMentorshipsQuery } from '@/lib/shared-api';
import { applyDetail, requestMentorship } from '../api';
import { copy, MESSAGE_MAX } from '../copy';
import { type MentorshipDetail } from '../model';
import { useDates } from '@/lib/member-zone';
import styles from '../mentorships.module.css';
import { DialogActions } from '@/components/Form/Form';

export interface RequestMentorshipButtonProps {
  mentorId: string;
  mentorName: string;
}

type Outcome =
  | { kind: 'sent'; mentorship: MentorshipDetail }
  | { kind: 'already' }
  | { kind: 'limit'; message: string }
  | { kind: 'refused'; message: string };

/** A 409 names the guard that refused (`reason`): the answer says what happened and where to go next, with no second request. */
const outcomeOfConflict = (error: ApiError): Outcome => {
  if (error.reason === 'already_requested') return { kind: 'already' };
  if (error.reason === 'request_limit') return { kind: 'limit', message: error.message };
  return { kind: 'refused', message: error.message };
};

const RequestForm = ({ mentorId, mentorName, onClose }: RequestMentorshipButtonProps & { onClose: () => void }) => {
  const dates = useDates();
  const client = useQueryClient();
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const textRef = useRef<HTMLTextAreaElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const id = useId();

  // The form (and its focused button) is replaced by the outcome: focus follows, so it is read out.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const mutation = useMutation({
    mutationFn: async (text: string): Promise<Outcome> => {
      try {
        return { kind: 'sent', mentorship: await requestMentorship({ mentorId, message: text }) };
      } catch (error) {
        if (error instanceof ApiError && error.status === 409) return outcomeOfConflict(error);
        throw error;
      }
    },
    onSuccess: (result) => {
      if (result.kind === 'sent') {
        applyDetail(client, result.mentorship);
        void client.invalidateQueries({ queryKey: myMentorshipsQuery().queryKey });
      }
      setOutcome(result);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = message.trim();
    if (!text) {
      setMissing(true);
      textRef.current?.focus();
      return;
    }
    mutation.mutate(text);
  };

  if (outcome) {
    return (
      <div className={styles.outcome} role="status" ref={outcomeRef} tabIndex={-1}>
        {outcome.kind === 'sent' && (
          <>
            <p>{copy.request.sent(mentorName)}</p>
            {outcome.mentorship.expiresAt && <p>{copy.request.answerBy(dates.longDate(outcome.mentorship.expiresAt))}</p>}
            <ButtonLink to={`/mentorships/${outcome.mentorship.id}`}>{copy.request.viewRequest}</ButtonLink>
          </>
        )}
        {outcome.kind === 'already' && (
          <>
            <p>{copy.request.already(mentorName)}</p>
            <ButtonLink to="/mentorships">{copy.request.viewAll}</ButtonLink>
          </>
        )}
        {outcome.kind === 'limit' && (
          <>
            <p>
              <strong>{copy.request.limit}</strong> {outcome.message}
            </p>
            <p>{copy.request.limitHint}</p>
            <ButtonLink to="/mentorships">{copy.request.yourRequests}</ButtonLink>
          </>
        )}
        {outcome.kind === 'refused' && <p>{outcome.message}</p>}
        <Button variant="secondary" onClick={onClose}>
          {copy.request.close}
        </Button>
      </div>
    );
  }

  const describedBy = [`${id}-hint`, `${id}-counter`, missing ? `${id}-missing` : ''].filter(Boolean).join(' ');
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-message`}>{copy.request.messageLabel}</label>
        <p id={`${id}-hint`} className={styles.hint}>
          {copy.request.messageHint}
        </p>
        <textarea
          ref={textRef}
          id={`${id}-message`}
          className={styles.textarea}
          value={message}
          maxLength={MESSAGE_MAX}
          required
          aria-invalid={missing || undefined}
          aria-describedby={describedBy}
          rows={6}
          onChange={(event) => {
            setMessage(event.target.value);
            if (event.target.value.trim()) setMissing(false);
          }}
        />
        <span id={`${id}-counter`} className={styles.counter}>
          {copy.request.counter(message.length)}
        </span>
        {missing && (
          <p id={`${id}-missing`} className={styles.error} role="alert">
            {copy.request.required}
          </p>
        )}
      </div>
      {mutation.isError && (
        <p className={styles.error} role="alert">
          {errorMessage(mutation.error)}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {copy.request.cancel}
        </Button>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {mutation.isPending ? copy.request.sending : copy.request.send}
        </Button>
      </DialogActions>
    </form>
  );
};

/** The mentee's live request or mentorship with this mentor, from their own list (one query shared by every card). */
const useLiveWith = (mentorId: string) => {
  const mine = useQuery(myMentorshipsQuery());
  return mine.data?.mentorships.find(
    (m) => m.viewerRole === 'mentee' && m.mentor.id === mentorId && (LIVE_STATES as readonly MentorshipState[]).includes(m.state),
  );
};

/**
 * "Ask to be mentored", for a mentor's card and profile page: a dialog with the request's message (why
 * this mentor, what the mentee hopes for), sent with POST /api/mentorships. A sent request links to its
 * page; a refusal says why, from the answer's reason (already asked: with a link to the member's requests; the
 * limit of open requests; anything else in the server's words). Once a request is pending (or the two are
 * matched), the button gives way to where it stands, with a link to it, so nobody asks twice.
 */
export const RequestMentorshipButton = ({ mentorId, mentorName }: RequestMentorshipButtonProps) => {
  const [open, setOpen] = useState(false);
  const live = useLiveWith(mentorId);
  const statusRef = useRef<HTMLAnchorElement>(null);
  const [focusStatus, setFocusStatus] = useState(false);
  // The dialog gave focus back to a button that is gone: the request's link takes it.
  useEffect(() => {
    if (focusStatus && live) statusRef.current?.focus();
  }, [focusStatus, live]);
  const close = () => {
    setOpen(false);
    setFocusStatus(true);
  };
  return (
    <>
      {live && !open ? (
        <p className={styles.requestStatus}>
          {live.state === 'REQUESTED' ? copy.request.pending(mentorName) : copy.request.already(mentorName)}{' '}
          <Link ref={statusRef} to={`/mentorships/${live.id}`}>
            {live.state === 'REQUESTED' ? copy.request.viewRequest : copy.request.viewExisting}
          </Link>
        </p>
      ) : (
        <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
          {copy.request.button}
        </Button>
      )}
      <Modal open={open} onClose={close} title={copy.request.title(mentorName)} closeIcon>
        <RequestForm mentorId={mentorId} mentorName={mentorName} onClose={close} />
      </Modal>
    </>
  );
};
