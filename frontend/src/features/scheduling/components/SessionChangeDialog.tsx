import { useId, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '@/components/Button/Button';
import { LoadingState } from '@/components/StatePanel/StatePanel';
import { Modal } from '@/components/Modal/Modal';
import { toast } from '@/components/Toast/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { slotsQuery, type Session } from '../api';
import { useSessionChange } from '../hooks';
import { copy } from '../copy';
import { otherOf, type Pair } from '../types';
import { SlotPicker } from './SlotPicker';
import styles from '../scheduling.module.css';
import { DialogActions, Notice } from '@/components/Form/Form';

export type ChangeKind = 'reschedule' | 'cancel';

const ChangeForm = ({ kind, session, pair, zone, otherZone, onClose }: { kind: ChangeKind; session: Session; pair: Pair; zone: string; otherZone: string; onClose: () => void }) => {
  const id = useId();
  const [reason, setReason] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const change = useSessionChange(pair.id);
  const slots = useQuery({ ...slotsQuery(pair.id, session.durationMinutes), enabled: kind === 'reschedule' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (kind === 'reschedule' && !selected[0]) return setProblem(copy.booking.pickOne);
    if (!reason.trim()) return setProblem(copy.dialogs.needReason);
    setProblem(null);
    const input =
      kind === 'reschedule'
        ? ({ kind, sessionId: session.id, startsAt: selected[0]!, reason: reason.trim() } as const)
        : ({ kind, sessionId: session.id, reason: reason.trim() } as const);
    change.mutate(input, {
      onSuccess: () => {
        toast.success(kind === 'reschedule' ? copy.dialogs.rescheduled : copy.dialogs.cancelled);
        onClose();
      },
      onError: (error) => {
        setSelected([]);
        setProblem(error instanceof ApiError && error.status === 409 && kind === 'reschedule' ? `${error.message} ${copy.booking.taken}` : errorMessage(error));
      },
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      {kind === 'reschedule' && (
        <>
          <p className={styles.hint}>{copy.booking.zoneNote(zone, otherOf(pair).displayName, otherZone)}</p>
          {slots.isPending && <LoadingState label={copy.booking.slotsLoading} />}
          {slots.isError && <p role="alert" className={styles.error}>{errorMessage(slots.error)}</p>}
          {slots.isSuccess && slots.data.slots.length === 0 && <Notice>{copy.booking.noSlots}</Notice>}
          {slots.isSuccess && slots.data.slots.length > 0 && (
            <div className={styles.dialogSlots}>
              <SlotPicker
                legend={copy.dialogs.newTime}
                slots={slots.data.slots}
                zone={zone}
                otherZone={otherZone}
                otherName={otherOf(pair).displayName}
                multiple={false}
                selected={selected}
                onChange={setSelected}
              />
            </div>
          )}
        </>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`}>{copy.dialogs.reason}</label>
        <p id={`${id}-hint`} className={styles.hint}>
          {copy.dialogs.reasonHint}
        </p>
        <textarea
          id={`${id}-reason`}
          aria-describedby={`${id}-hint`}
          className={styles.textarea}
          rows={3}
          maxLength={500}
          required
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <DialogActions>
        <Button variant="secondary" onClick={onClose}>
          {copy.dialogs.keep}
        </Button>
        <Button type="submit" disabled={change.isPending} aria-busy={change.isPending}>
          {kind === 'reschedule' ? copy.dialogs.confirmReschedule : copy.dialogs.confirmCancel}
        </Button>
      </DialogActions>
    </form>
  );
};

/** Reschedule (a new common free time) or cancel a session, both with a reason the other member reads. */
export const SessionChangeDialog = (props: { kind: ChangeKind | null; session: Session; pair: Pair; zone: string; otherZone: string; onClose: () => void }) => (
  <Modal open={props.kind !== null} onClose={props.onClose} title={props.kind === 'cancel' ? copy.dialogs.cancelTitle : copy.dialogs.rescheduleTitle} closeIcon size={props.kind === 'reschedule' ? 'large' : 'default'}>
    {props.kind && <ChangeForm {...props} kind={props.kind} />}
  </Modal>
);
