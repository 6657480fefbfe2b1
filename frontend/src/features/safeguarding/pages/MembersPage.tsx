import { useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/Button/Button';
import { apiQuery } from '../../../lib/query';
import { SuspendButton } from '../components/SuspendButton';
import { ErrorState, LoadingState } from '../components/States';
import { copy } from '../copy';
import styles from '../safeguarding.module.css';

/** /coordinator/members: find a member by name and suspend or restore them. */
export const MembersPage = () => {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const members = useQuery({ ...apiQuery('GET /api/coordinator/members', { query: { q: q || undefined, limit: 50 } }), placeholderData: keepPreviousData });
  const search = (event: FormEvent) => {
    event.preventDefault();
    setQ(typed.trim());
  };
  return (
    <div className={styles.page}>
      <h1>{copy.members.heading}</h1>
      <p className={styles.intro}>{copy.members.intro}</p>
      <form className={styles.search} onSubmit={search} role="search">
        <div className={styles.field}>
          <label htmlFor={`${id}-q`}>{copy.members.search}</label>
          <input id={`${id}-q`} className={styles.input} type="search" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <Button type="submit" variant="secondary">
          {copy.members.searchButton}
        </Button>
      </form>
      {members.isPending ? (
        <LoadingState />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.members.length === 0 ? (
        <p className={styles.muted}>{copy.members.empty}</p>
      ) : (
        <ul className={styles.list}>
          {members.data.members.map((member) => (
            <li key={member.id} className={styles.card}>
              <div className={styles.cardRow}>
                <h2 className={styles.cardTitle}>{member.displayName}</h2>
                {member.suspended && <span className={styles.badge}>{copy.members.suspended}</span>}
              </div>
              <p className={styles.muted}>
                {member.role === 'mentor' ? 'Mentor' : 'Mentee'}
                {member.headline ? ` · ${member.headline}` : ''}
              </p>
              <div className={styles.actions}>
                <SuspendButton memberId={member.id} displayName={member.displayName} suspended={member.suspended === true} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
};

export default MembersPage;
