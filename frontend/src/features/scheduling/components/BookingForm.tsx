import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { MAX_PROPOSED_TIMES, SESSION_LENGTHS } from '@mentoring/shared/mentoring';
import { Button } from '@/components/Button/Button';
import { LoadingState } from '@/components/StatePanel/StatePanel';
import { toast } from '@/components/Toast/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { slotsQuery, type Booking } from '../api';
import { useSessionChange } from '../hooks';
import { copy } from '../copy';
import { lengthLabel } from '../time';
import { otherOf, type Pair } from '../types';
import { SlotPicker } from './SlotPicker';
import styles from '../scheduling.module.css';
import { Notice } from '@/components/Form/Form';

type Length = Booking['durationMinutes'];

/**
 * Books one of the pair's common free times, or proposes up to three for the other member to pick. A time taken
 * meanwhile (409) says so in the server's words, and the free times are fetched again.
 */
export const BookingForm = ({ pair, zone, otherZone, onDone }: { pair: Pair; zone: string; otherZone: string; onDone: () => void }) => {
  const id = useId();
  const [length, setLength] = useState<Length>(60);
  const [agenda, setAgenda] = useState('');
  const [propose, setPropose] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const slots = useQuery(slotsQuery(pair.id, length));
  const change = useSessionChange(pair.id);
  const other = otherOf(pair);
  const available = new Set(slots.data?.slots.map((slot) => slot.startsAt));
  const chosen = selected.filter((time) => available.has(time));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setProblem(propose ? copy.booking.pickSome : copy.booking.pickOne);
    setProblem(null);
    const booking: Booking = propose
      ? { proposedTimes: chosen, durationMinutes: length, agenda: agenda.trim() }
      : { startsAt: chosen[0]!, durationMinutes: length, agenda: agenda.trim() };
    change.mutate(
      { kind: 'book', booking },
      {
        onSuccess: () => {
          toast.success(propose ? copy.booking.proposed : copy.booking.booked);
          onDone();
        },
        onError: (error) => {
          setSelected([]);
          setProblem(error instanceof ApiError && error.status === 409 ? `${error.message} ${copy.booking.taken}` : errorMessage(error));
        },
      },
    );
  };

  return (
    <form className={styles.booking} onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`}>{copy.booking.title}</h3>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-length`}>{copy.booking.length}</label>
          <select
            id={`${id}-length`}
            className={styles.input}
            value={length}
            onChange={(event) => {
              setLength(Number(event.target.value) as Length);
              setSelected([]);
            }}
          >
            {SESSION_LENGTHS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {lengthLabel(minutes)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className={styles.field}>
          <legend>{copy.booking.mode}</legend>
          <div className={styles.choices}>
            {([false, true] as const).map((value) => (
              <label key={String(value)} className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}-mode`}
                  checked={propose === value}
                  onChange={() => {
                    setPropose(value);
                    setSelected((current) => current.slice(0, value ? MAX_PROPOSED_TIMES : 1));
                  }}
                />
                {value ? copy.booking.modePropose : copy.booking.modeBook}
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-agenda`}>{copy.booking.agenda}</label>
        <p id={`${id}-agenda-hint`} className={styles.hint}>
          {copy.booking.agendaHint}
        </p>
        <textarea
          id={`${id}-agenda`}
          aria-describedby={`${id}-agenda-hint`}
          className={styles.textarea}
          rows={3}
          maxLength={2000}
          value={agenda}
          onChange={(event) => setAgenda(event.target.value)}
        />
      </div>
      <p className={styles.hint}>{copy.booking.zoneNote(zone, other.displayName, otherZone)}</p>
      {slots.isPending && <LoadingState label={copy.booking.slotsLoading} />}
      {slots.isError && <p role="alert" className={styles.error}>{errorMessage(slots.error)}</p>}
      {slots.isSuccess && slots.data.slots.length === 0 && <Notice>{copy.booking.noSlots}</Notice>}
      {slots.isSuccess && slots.data.slots.length > 0 && (
        <SlotPicker
          legend={copy.booking.slots}
          slots={slots.data.slots}
          zone={zone}
          otherZone={otherZone}
          otherName={other.displayName}
          multiple={propose}
          max={MAX_PROPOSED_TIMES}
          selected={chosen}
          onChange={setSelected}
        />
      )}
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
          {change.isPending ? copy.booking.sending : propose ? copy.booking.submitPropose(Math.max(1, chosen.length)) : copy.booking.submitBook}
        </Button>
      </div>
    </form>
  );
};
