import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { toast } from '@/components/Toast/toast';
import { errorMessage } from '@/lib/api-client';
import { applicationsQuery, decideApplication } from '../api';
import { copy } from '../copy';
import { Avatar } from '@/components/Avatar/Avatar';
import { AvailabilityList } from '../components/AvailabilityList';
import { TextAreaField } from '../components/Field';
import { ErrorState, LoadingState } from '../components/States';
import { Tags } from '../components/Tags';
import { languageName, countryName } from '../lib/reference';
import { zoneLabel } from '@/lib/datetime';
import { useDates } from '@/lib/member-zone';
import type { Application, DecisionBody } from '../lib/types';
import formStyles from '../components/Form.module.css';
import pageStyles from './Page.module.css';
import styles from './Applications.module.css';

const STATES = ['pending', 'approved', 'rejected'] as const;
type ListState = (typeof STATES)[number];
const listQuery = (state: ListState) => applicationsQuery(state);

/** Approve or reject: the application leaves the list at once and comes back if the server says no. */
const useDecide = (state: ListState) => {
  const client = useQueryClient();
  const key = listQuery(state).queryKey;
  return useMutation({
    mutationFn: ({ application, body }: { application: Application; body: DecisionBody }) => decideApplication(application.member.id, body),
    onMutate: async ({ application }) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData(key);
      client.setQueryData(key, (current) => current && { applications: current.applications.filter((entry) => entry.member.id !== application.member.id) });
      return { before };
    },
    onError: (error, { application }, context) => {
      if (context?.before) client.setQueryData(key, context.before);
      toast.error(copy.applications.failed(application.member.displayName, errorMessage(error)));
    },
    onSuccess: (_, { application, body }) =>
      toast.success(body.decision === 'approved' ? copy.applications.approved(application.member.displayName) : copy.applications.rejected(application.member.displayName)),
    onSettled: () => client.invalidateQueries({ queryKey: ['GET /api/coordinator/applications'] }),
  });
};

const DecisionDialog = ({
  application,
  decision,
  onClose,
  onDecide,
}: {
  application: Application;
  decision: DecisionBody['decision'];
  onClose: () => void;
  onDecide: (body: DecisionBody) => void;
}) => {
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const noteRef = useRef<HTMLTextAreaElement>(null);
  const reject = decision === 'rejected';
  // After the dialog's own focus handling (a child's effect runs first): start in the note.
  useEffect(() => noteRef.current?.focus(), []);
  const name = application.member.displayName;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reject && !note.trim()) {
      setError(copy.applications.noteRequired);
      noteRef.current?.focus();
      return;
    }
    onDecide(reject ? { decision, note: note.trim() } : { decision, ...(note.trim() && { note: note.trim() }) });
  };
  return (
    <Modal open onClose={onClose} title={reject ? copy.applications.rejectTitle(name) : copy.applications.approveTitle(name)} closeIcon>
      <form className={formStyles.form} noValidate onSubmit={submit}>
        <TextAreaField
          ref={noteRef}
          id="decision-note"
          label={reject ? copy.applications.noteLabel : copy.applications.approveNoteLabel}
          hint={reject ? copy.applications.noteHint : copy.applications.approveNoteHint}
          error={error}
          value={note}
          maxLength={2000}
          required={reject}
          optional={!reject}
          onChange={(event) => {
            setNote(event.target.value);
            setError('');
          }}
        />
        <div className={formStyles.actions}>
          <Button type="submit" variant={reject ? 'accent' : 'primary'}>
            {reject ? copy.applications.confirmReject : copy.applications.confirmApprove}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {copy.common.cancel}
          </Button>
        </div>
      </form>
    </Modal>
  );
};

const ApplicationItem = ({ application, onDecide }: { application: Application; onDecide?: (decision: DecisionBody['decision']) => void }) => {
  const dates = useDates();
  const { member, approval, email } = application;
  const headingId = `application-${member.id}`;
  return (
    <article className={styles.item} aria-labelledby={headingId}>
      <div className={styles.top}>
        <Avatar name={member.displayName} photoUrl={member.photoUrl} />
        <div className={styles.who}>
          <h2 id={headingId} className={styles.name}>
            {member.displayName} <span className={styles.role}>{copy.roles[member.role]}</span>
          </h2>
          {member.headline && <p className={styles.headline}>{member.headline}</p>}
          <p className={styles.meta}>
            {email && (
              <>
                <span className="visually-hidden">{copy.applications.email}: </span>
                <a href={`mailto:${email}`}>{email}</a>
                {' · '}
              </>
            )}
            {approval.submittedAt && copy.applications.submitted(dates.date(approval.submittedAt))}
          </p>
        </div>
      </div>
      <Tags items={member.topics} label={copy.mentorPage.topics} tone="accent" />
      <dl className={styles.facts}>
        <div>
          <dt>{copy.mentorPage.languages}</dt>
          <dd>{member.languages.map(languageName).join(', ')}</dd>
        </div>
        {member.role === 'mentor' && (
          <div>
            <dt>{copy.mentorPage.experience}</dt>
            <dd>{copy.directory.card.experience(member.yearsOfExperience)}</dd>
          </div>
        )}
        <div>
          <dt>{copy.mentorPage.format}</dt>
          <dd>
            {copy.formats[member.format]}
            {member.role === 'mentor' && member.city ? `, ${member.city}` : ''}
          </dd>
        </div>
        <div>
          <dt>{copy.mentorPage.location}</dt>
          <dd>
            {countryName(member.country)} · {zoneLabel(member.timezone)}
          </dd>
        </div>
      </dl>
      <details className={styles.more}>
        <summary>{copy.applications.fullProfile}</summary>
        {member.bio && <p className={styles.text}>{member.bio}</p>}
        {member.role === 'mentee' && member.goals && <p className={styles.text}>{member.goals}</p>}
        <h3 className={styles.subheading}>{copy.mentorPage.availability}</h3>
        <AvailabilityList windows={member.availability} from={member.timezone} to={dates.zone} />
      </details>
      {approval.note && (
        <p className={styles.note}>
          <strong>{copy.applications.decidedNote}:</strong> {approval.note}
        </p>
      )}
      {onDecide && (
        <div className={formStyles.actions}>
          <Button onClick={() => onDecide('approved')} aria-describedby={headingId}>
            {copy.applications.approve}
          </Button>
          <Button variant="secondary" onClick={() => onDecide('rejected')} aria-describedby={headingId}>
            {copy.applications.reject}
          </Button>
        </div>
      )}
    </article>
  );
};

/** /coordinator/applications: pending applications to decide, and the decided ones by state. */
export const ApplicationsPage = () => {
  const [params] = useSearchParams();
  const requested = params.get('state');
  const state: ListState = STATES.includes(requested as ListState) ? (requested as ListState) : 'pending';
  const applications = useQuery(listQuery(state));
  const decide = useDecide(state);
  const [dialog, setDialog] = useState<{ application: Application; decision: DecisionBody['decision'] } | null>(null);
  const list = applications.data?.applications ?? [];

  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <h1>{copy.applications.heading}</h1>
        <p className={pageStyles.intro}>{copy.applications.intro}</p>
      </header>
      <nav aria-label={copy.applications.filter}>
        <ul className={styles.filter}>
          {STATES.map((option) => (
            <li key={option}>
              <Link to={option === 'pending' ? '?' : `?state=${option}`} className={styles.filterLink} aria-current={option === state ? 'page' : undefined}>
                {copy.applications.states[option]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p role="status" className={styles.count}>
        {applications.isSuccess ? copy.applications.count(list.length) : ''}
      </p>
      {applications.isPending && <LoadingState />}
      {applications.isError && <ErrorState heading={copy.applications.errorHeading} error={applications.error} onRetry={() => void applications.refetch()} />}
      {applications.isSuccess && list.length === 0 && <p className={styles.empty}>{copy.applications.empty[state]}</p>}
      {list.length > 0 && (
        <ul className={styles.list}>
          {list.map((application) => (
            <li key={application.member.id}>
              <ApplicationItem
                application={application}
                // Both decisions go through the dialog: a rejection needs its note, an approval may carry one.
                onDecide={state === 'pending' ? (decision) => setDialog({ application, decision }) : undefined}
              />
            </li>
          ))}
        </ul>
      )}
      {dialog && (
        <DecisionDialog
          application={dialog.application}
          decision={dialog.decision}
          onClose={() => setDialog(null)}
          onDecide={(body) => {
            decide.mutate({ application: dialog.application, body });
            setDialog(null);
          }}
        />
      )}
    </div>
  );
};

export default ApplicationsPage;
