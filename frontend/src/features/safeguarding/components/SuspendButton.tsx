import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { errorMessage } from '@/lib/api-client';
import { setSuspended } from '../api';
import { copy } from '../copy';
import styles from '../safeguarding.module.css';

/** A coordinator suspends or restores a member, after saying what that does. Exported for other member lists. */
export const SuspendButton = ({ memberId, displayName, suspended }: { memberId: string; displayName: string; suspended: boolean }) => {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const mutation = useMutation({
    mutationFn: () => setSuspended(memberId, !suspended),
    onSuccess: async () => {
      setOpen(false);
      await client.invalidateQueries({ queryKey: ['GET /api/coordinator/members'] });
    },
  });
  return (
    <>
      <Button variant="secondary" className={suspended ? styles.compactAction : `${styles.compactAction} ${styles.dangerAction}`} onClick={() => setOpen(true)} aria-label={`${suspended ? copy.members.restore : copy.members.suspend} ${displayName}`}>
        {suspended ? copy.members.restore : copy.members.suspend}
      </Button>
      <Modal open={open} onClose={() => setOpen(false)} title={suspended ? copy.members.restoreTitle(displayName) : copy.members.suspendTitle(displayName)} closeIcon>
        <div className={styles.form}>
          <p className={styles.prose}>{suspended ? copy.members.restoreText(displayName) : copy.members.suspendText(displayName)}</p>
          {mutation.isError && (
            <p className={styles.error} role="alert">
              {errorMessage(mutation.error)}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {copy.members.cancel}
            </Button>
            <Button variant="accent" onClick={() => mutation.mutate()} disabled={mutation.isPending} aria-busy={mutation.isPending}>
              {suspended ? copy.members.restore : copy.members.suspend}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
};
