import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { toast } from '@/components/Toast/toast';
import { errorMessage } from '@/lib/api-client';
import { applyDetail, menteeCandidatesQuery, mentorCandidatesQuery, proposePair } from '../api';
import { copy, MESSAGE_MAX } from '../copy';
import styles from '../mentorships.module.css';
import { Avatar } from '@/components/Avatar/Avatar';
import { DialogActions } from '@/components/Form/Form';

interface Candidate {
  id: string;
  displayName: string;
  photoUrl: string | null;
  detail: string;
}

const useDebounced = (value: string, ms = 250) => {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
};

/**
 * A search box and the members it finds, as one radio group: a coordinator picks by name, never by id.
 * The chosen member stays listed while the search changes.
 */
const MemberPicker = ({
  legend,
  searchLabel,
  none,
  results,
  pending,
  search,
  onSearch,
  chosen,
  onChoose,
}: {
  legend: string;
  searchLabel: string;
  none: string;
  results: Candidate[] | undefined;
  pending: boolean;
  search: string;
  onSearch: (value: string) => void;
  chosen: Candidate | null;
  onChoose: (candidate: Candidate) => void;
}) => {
  const id = useId();
  const options = chosen && !results?.some((r) => r.id === chosen.id) ? [chosen, ...(results ?? [])] : (results ?? []);
  return (
    <fieldset className={`${styles.field} ${styles.picker}`}>
      <legend>{legend}</legend>
      <label htmlFor={`${id}-search`} className={styles.hint}>
        {searchLabel}
      </label>
      <input id={`${id}-search`} type="search" className={styles.input} value={search} onChange={(event) => onSearch(event.target.value)} autoComplete="off" />
      <div aria-live="polite" className={styles.hint}>
        {pending ? copy.coordinator.searching : results && results.length === 0 ? none : ''}
      </div>
      {options.length > 0 && (
        <div className={styles.options}>
          {options.map((candidate) => (
            <label key={candidate.id} className={styles.option}>
              <input type="radio" name={`${id}-choice`} checked={chosen?.id === candidate.id} onChange={() => onChoose(candidate)} />
              <Avatar name={candidate.displayName} photoUrl={candidate.photoUrl} size="xs" />
              <span className={styles.optionText}>
                <span>{candidate.displayName}</span>
                {candidate.detail && <span className={styles.muted}>{candidate.detail}</span>}
              </span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
};

const ProposeForm = ({ onClose }: { onClose: () => void }) => {
  const client = useQueryClient();
  const [mentorSearch, setMentorSearch] = useState('');
  const [menteeSearch, setMenteeSearch] = useState('');
  const [mentor, setMentor] = useState<Candidate | null>(null);
  const [mentee, setMentee] = useState<Candidate | null>(null);
  const [message, setMessage] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const mentorQ = useDebounced(mentorSearch.trim());
  const menteeQ = useDebounced(menteeSearch.trim());

  const mentors = useQuery({
    ...mentorCandidatesQuery(mentorQ),
    select: (page): Candidate[] =>
      page.mentors.map((m) => ({ id: m.id, displayName: m.displayName, photoUrl: m.photoUrl, detail: [m.headline, copy.coordinator.openPlaces(m.openPlaces)].filter(Boolean).join(' · ') })),
  });
  const mentees = useQuery({
    ...menteeCandidatesQuery(menteeQ),
    select: (page): Candidate[] =>
      page.members.map((m) => ({ id: m.id, displayName: m.displayName, photoUrl: m.photoUrl, detail: [m.headline, m.matched ? copy.coordinator.matched : ''].filter(Boolean).join(' · ') })),
  });

  const mutation = useMutation({
    mutationFn: (body: { mentorId: string; menteeId: string; message: string }) => proposePair(body),
    onSuccess: (detail) => {
      applyDetail(client, detail);
      toast.success(copy.coordinator.sent(detail.mentor.displayName, detail.mentee.displayName));
      onClose();
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!mentor || !mentee) {
      setProblem(copy.coordinator.pickBoth);
      return;
    }
    if (!message.trim()) {
      setProblem(copy.request.required);
      messageRef.current?.focus();
      return;
    }
    setProblem(null);
    mutation.mutate({ mentorId: mentor.id, menteeId: mentee.id, message: message.trim() });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.hint}>{copy.coordinator.proposeText}</p>
      <MemberPicker
        legend={copy.coordinator.mentor}
        searchLabel={copy.coordinator.mentorSearch}
        none={copy.coordinator.noMentors}
        results={mentors.data}
        pending={mentors.isFetching}
        search={mentorSearch}
        onSearch={setMentorSearch}
        chosen={mentor}
        onChoose={setMentor}
      />
      {mentors.isError && <p className={styles.error} role="alert">{errorMessage(mentors.error)}</p>}
      <MemberPicker
        legend={copy.coordinator.mentee}
        searchLabel={copy.coordinator.menteeSearch}
        none={copy.coordinator.noMentees}
        results={mentees.data}
        pending={mentees.isFetching}
        search={menteeSearch}
        onSearch={setMenteeSearch}
        chosen={mentee}
        onChoose={setMentee}
      />
      {mentees.isError && <p className={styles.error} role="alert">{errorMessage(mentees.error)}</p>}
      <div className={styles.field}>
        <label htmlFor={`${id}-message`}>{copy.coordinator.message}</label>
        <textarea
          ref={messageRef}
          id={`${id}-message`}
          className={styles.textarea}
          value={message}
          maxLength={MESSAGE_MAX}
          required
          rows={4}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      {(problem || mutation.isError) && (
        <p className={styles.error} role="alert">
          {problem ?? errorMessage(mutation.error)}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {copy.actions.cancel}
        </Button>
        <Button type="submit" disabled={mutation.isPending} aria-busy={mutation.isPending}>
          {copy.coordinator.send}
        </Button>
      </DialogActions>
    </form>
  );
};

/** "Propose a pair": a coordinator picks a mentor and a mentee by name and says why; both must accept. */
export const ProposePairButton = () => {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} aria-haspopup="dialog">
        {copy.coordinator.propose}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={copy.coordinator.proposeTitle} size="large" closeIcon>
        <ProposeForm onClose={() => setOpen(false)} />
      </Modal>
    </>
  );
};
