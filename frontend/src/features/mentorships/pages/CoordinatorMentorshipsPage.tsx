import { useId, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { MENTORSHIP_STATES, type MentorshipState } from '@mentoring/shared/mentorship';
import { ErrorState, LoadingState } from '@/components/StatePanel/StatePanel';
import { ApiError, errorMessage } from '@/lib/api-client';
import { coordinatorMentorshipsQuery } from '../api';
import { MentorshipActions } from '../components/MentorshipActions';
import { ProposePairButton } from '../components/ProposePairDialog';
import { StateBadge } from '../components/StateBadge';
import { MentorshipsExportSlot } from '../slots';
import { copy } from '../copy';
import { relativeTime } from '@/lib/datetime';
import { useAddressParams } from '@/lib/use-address-params';
import { listActions, type MentorshipSummary } from '../model';
import styles from '../mentorships.module.css';

const isState = (value: string | null): value is MentorshipState => (MENTORSHIP_STATES as readonly string[]).includes(value ?? '');

const Row = ({ mentorship }: { mentorship: MentorshipSummary }) => {
  const { mentor, mentee } = mentorship;
  const pair = copy.coordinator.pairName(mentor.displayName, mentee.displayName);
  return (
    <li className={styles.row}>
      <div className={styles.rowMain}>
        <p className={styles.pairNames}>
          <Link to={`/mentorships/${mentorship.id}`}>{copy.coordinator.pairLine(mentor.displayName, mentee.displayName)}</Link>
        </p>
        <ul className={styles.meta}>
          <li>
            <StateBadge state={mentorship.state} />
          </li>
          <li>{copy.time.updated(relativeTime(mentorship.updatedAt))}</li>
          {mentorship.expiresAt && (mentorship.state === 'REQUESTED' || mentorship.state === 'PROPOSED') && (
            <li>{copy.time.expires(relativeTime(mentorship.expiresAt))}</li>
          )}
        </ul>
      </div>
      <MentorshipActions mentorship={mentorship} actions={listActions({ ...mentorship, viewerRole: 'coordinator' })} pairName={pair} />
    </li>
  );
};

const StateList = ({ state, q }: { state: MentorshipState; q: string }) => {
  const list = useQuery(coordinatorMentorshipsQuery(state, q));
  if (list.isPending) return <LoadingState label={copy.coordinator.loading} />;
  if (list.isError) {
    const forbidden = list.error instanceof ApiError && list.error.status === 403;
    return (
      <ErrorState title={copy.coordinator.errorTitle} onRetry={forbidden ? undefined : () => void list.refetch()}>
        <p>{forbidden ? copy.coordinator.forbidden : errorMessage(list.error)}</p>
      </ErrorState>
    );
  }
  if (list.data.mentorships.length === 0) {
    const label = copy.coordinator.tabLabels[state];
    return <p className={styles.emptyLine}>{q.trim() ? copy.coordinator.emptySearch(label, q.trim()) : copy.coordinator.empty(label)}</p>;
  }
  return (
    <ul className={styles.list}>
      {list.data.mentorships.map((mentorship) => (
        <Row key={mentorship.id} mentorship={mentorship} />
      ))}
    </ul>
  );
};

/**
 * /coordinator/mentorships: every mentorship of the programme by state (tabs kept in the address, so a
 * tab can be linked and survives a reload), with suspend, resume and end, and "Propose a pair".
 */
export const CoordinatorMentorshipsPage = () => {
  const [params, setParams] = useAddressParams();
  const requested = params.get('state');
  const state: MentorshipState = isState(requested) ? requested : 'REQUESTED';
  const q = params.get('q') ?? '';
  const tabsRef = useRef<HTMLDivElement>(null);
  const id = useId();

  const select = (next: MentorshipState, focus = false) => {
    setParams({ state: next, ...(q ? { q } : {}) }, { replace: true });
    if (focus) tabsRef.current?.querySelector<HTMLButtonElement>(`[data-state="${next}"]`)?.focus();
  };

  // The tabs pattern: arrows move between tabs (and select them), Home and End jump to the ends.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = MENTORSHIP_STATES.indexOf(state);
    const last = MENTORSHIP_STATES.length - 1;
    const next = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(MENTORSHIP_STATES[next]!, true);
  };

  return (
    <div className={styles.page}>
      <div className={styles.pageHeader}>
        <h1>{copy.coordinator.title}</h1>
        <div className={styles.headerActions}>
          <MentorshipsExportSlot.Slot state={state} q={q} label={copy.coordinator.exportLabel(copy.coordinator.tabLabels[state])} />
          <ProposePairButton />
        </div>
      </div>
      <form role="search" className={styles.search} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={`${id}-q`}>{copy.coordinator.searchLabel}</label>
        <input
          id={`${id}-q`}
          type="search"
          defaultValue={q}
          onChange={(event) => setParams({ state, ...(event.target.value ? { q: event.target.value } : {}) }, { replace: true })}
        />
      </form>
      <div>
        <div ref={tabsRef} role="tablist" aria-label={copy.coordinator.tabs} className={styles.tabs} onKeyDown={onKeyDown}>
          {MENTORSHIP_STATES.map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              id={`${id}-tab-${value}`}
              data-state={value}
              aria-selected={value === state}
              aria-controls={`${id}-panel`}
              tabIndex={value === state ? 0 : -1}
              className={styles.tab}
              onClick={() => select(value)}
            >
              {copy.coordinator.tabLabels[value]}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${state}`} tabIndex={0}>
          <StateList state={state} q={q} />
        </div>
      </div>
    </div>
  );
};

export default CoordinatorMentorshipsPage;
