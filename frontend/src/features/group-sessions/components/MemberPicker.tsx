import { useId, useState } from 'react';
import { Button } from '@/components/Button/Button';
import { useMemberSearch, type Member } from '../hooks';
import { copy } from '../copy';
import styles from '../group-sessions.module.css';

const words = copy.form;

interface MemberPickerProps {
  legend: string;
  /** "co-host", "speaker": what an added member becomes. */
  role: string;
  chosen: readonly Member[];
  onChange: (members: Member[]) => void;
  /** Not offered: the host, and those already on stage in either list. */
  leaveOut: readonly string[];
  max: number;
}

/** Chooses members by name (up to `max`) for the stage: those chosen, each with "Remove", and the search below. */
export const MemberPicker = ({ legend, role, chosen, onChange, leaveOut, max }: MemberPickerProps) => {
  const id = useId();
  const [query, setQuery] = useState('');
  const { results, searching, failed, connecting, unavailable } = useMemberSearch(query, leaveOut);
  const full = chosen.length >= max;
  const wanted = query.trim();
  const status = unavailable
    ? words.unavailable
    : connecting
      ? words.connecting
      : !wanted
        ? ''
        : searching
          ? words.searching
          : failed
            ? words.searchFailed
            : results.length === 0
              ? words.noneFound(wanted)
              : words.found(results.length);
  return (
    <fieldset className={styles.field}>
      <legend>{legend}</legend>
      <p id={`${id}-hint`} className={styles.meta}>
        {words.stageHint(max)}
      </p>
      {chosen.length > 0 && (
        <ul className={styles.picked} aria-label={legend}>
          {chosen.map((member) => (
            <li key={member.id}>
              <span>{member.displayName}</span>
              <Button variant="secondary" aria-label={words.remove(member.displayName)} onClick={() => onChange(chosen.filter((each) => each.id !== member.id))}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      {full ? (
        <p className={styles.meta}>{words.full(max)}</p>
      ) : (
        <>
          <label htmlFor={`${id}-search`} className="visually-hidden">
            {words.search(legend)}
          </label>
          <input
            id={`${id}-search`}
            type="search"
            className={styles.input}
            placeholder={words.search(legend)}
            value={query}
            autoComplete="off"
            aria-describedby={`${id}-hint`}
            disabled={unavailable}
            onChange={(event) => setQuery(event.target.value)}
          />
          <p role="status" className={styles.meta}>
            {status}
          </p>
          {wanted && !searching && results.length > 0 && (
            <ul className={styles.picked} aria-label={words.found(results.length)}>
              {results.map((member) => (
                <li key={member.id}>
                  <Button
                    variant="secondary"
                   
                    aria-label={words.add(member.displayName, role)}
                    onClick={() => {
                      onChange([...chosen, member]);
                      setQuery('');
                    }}
                  >
                    + {member.displayName}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </fieldset>
  );
};
