import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/Button/Button';
import { LoadingState } from '@/components/StatePanel/StatePanel';
import { errorMessage } from '@/lib/api-client';
import { actionItemsQuery, type ActionItem } from '../api';
import { useActionItemChange } from '../hooks';
import { copy } from '../copy';
import { nameOf, viewerOf, type Pair } from '../types';
import styles from '../scheduling.module.css';
import { formatCalendarDate } from '@/lib/datetime';

const formatDue = formatCalendarDate;

const Item = ({ item, pair, busy, onToggle, onDelete }: { item: ActionItem; pair: Pair; busy: boolean; onToggle: () => void; onDelete: () => void }) => (
  <li className={styles.item} data-done={item.done}>
    <label className={styles.itemCheck}>
      <input type="checkbox" checked={item.done} disabled={busy} onChange={onToggle} />
      <span className={styles.itemText}>{item.text}</span>
    </label>
    <span className={styles.muted}>{[nameOf(pair, item.ownerId), item.dueOn ? copy.items.dueOn(formatDue(item.dueOn)) : null].filter(Boolean).join(' · ')}</span>
    <Button variant="secondary" className={styles.small} disabled={busy} onClick={onDelete} aria-label={copy.items.delete(item.text)}>
      Delete
    </Button>
  </li>
);

/** The pair's action items (per mentorship): add one with an owner and a due date, tick it done, delete it. */
export const ActionItems = ({ pair, sessionId, headingLevel = 2 }: { pair: Pair; sessionId?: string; headingLevel?: 2 | 3 }) => {
  const id = useId();
  const items = useQuery(actionItemsQuery(pair.id));
  const change = useActionItemChange(pair.id);
  const [text, setText] = useState('');
  const [ownerId, setOwnerId] = useState(pair.viewerRole === 'coordinator' ? pair.mentee.id : viewerOf(pair).id);
  const [dueOn, setDueOn] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const canEdit = pair.viewerRole !== 'coordinator';

  const fail = (error: unknown) => setProblem(errorMessage(error));
  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setProblem(copy.items.needText);
    setProblem(null);
    change.mutate(
      { kind: 'create', body: { text: text.trim(), ownerId, dueOn: dueOn || null, ...(sessionId ? { sessionId } : {}) } },
      {
        onSuccess: () => {
          setText('');
          setDueOn('');
        },
        onError: fail,
      },
    );
  };

  return (
    <section className={styles.panel} aria-labelledby={id}>
      <Heading id={id}>{copy.items.title}</Heading>
      {items.isPending && <LoadingState label={copy.items.loading} />}
      {items.isError && <p role="alert" className={styles.error}>{errorMessage(items.error)}</p>}
      {items.isSuccess && items.data.items.length === 0 && <p className={styles.muted}>{copy.items.empty}</p>}
      {items.isSuccess && items.data.items.length > 0 && (
        <ul className={styles.plainList}>
          {items.data.items.map((item) => (
            <Item
              key={item.id}
              item={item}
              pair={pair}
              busy={change.isPending || !canEdit}
              onToggle={() => change.mutate({ kind: 'update', item, body: { done: !item.done } }, { onError: fail })}
              onDelete={() => change.mutate({ kind: 'delete', item }, { onError: fail })}
            />
          ))}
        </ul>
      )}
      {canEdit && (
        <form className={styles.itemForm} onSubmit={add} noValidate aria-label={copy.items.add}>
          <div className={styles.field}>
            <label htmlFor={`${id}-text`}>{copy.items.text}</label>
            <input id={`${id}-text`} className={styles.input} maxLength={500} value={text} onChange={(event) => setText(event.target.value)} />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-owner`}>{copy.items.owner}</label>
            <select id={`${id}-owner`} className={styles.input} value={ownerId} onChange={(event) => setOwnerId(event.target.value)}>
              <option value={pair.mentor.id}>{pair.mentor.displayName}</option>
              <option value={pair.mentee.id}>{pair.mentee.displayName}</option>
            </select>
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-due`}>{copy.items.due}</label>
            <input id={`${id}-due`} type="date" className={styles.input} value={dueOn} onChange={(event) => setDueOn(event.target.value)} />
          </div>
          <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
            {copy.items.add}
          </Button>
        </form>
      )}
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
    </section>
  );
};
