import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { toast } from '@/components/Toast/toast';
import { errorMessage } from '@/lib/api-client';
import { myBlocksQuery, setBlocked } from '../api';
import { copy } from '../copy';
import styles from '../safeguarding.module.css';

/** Block (after a confirmation that says what follows) or unblock a member; the server enforces every effect. */
export const BlockButton = ({ memberId, displayName }: { memberId: string; displayName: string }) => {
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const blocks = useQuery(myBlocksQuery());
  const blocked = blocks.data?.blocks.some((block) => block.memberId === memberId) ?? false;
  const mutation = useMutation({
    mutationFn: () => setBlocked(memberId, !blocked),
    onSuccess: async () => {
      setConfirming(false);
      toast.success(blocked ? copy.block.undone(displayName) : copy.block.done(displayName));
      await client.invalidateQueries();
    },
  });
  if (blocks.isPending) return null;
  return (
    <>
      <Button variant="secondary" onClick={() => (blocked ? mutation.mutate() : setConfirming(true))} disabled={mutation.isPending}>
        {blocked ? copy.block.unblock : copy.block.block}
      </Button>
      <Modal open={confirming} onClose={() => setConfirming(false)} title={copy.block.title(displayName)} closeIcon>
        <div className={styles.form}>
          <p className={styles.prose}>{copy.block.text(displayName)}</p>
          {mutation.isError && (
            <p className={styles.error} role="alert">
              {errorMessage(mutation.error)}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {copy.block.cancel}
            </Button>
            <Button variant="accent" onClick={() => mutation.mutate()} disabled={mutation.isPending} aria-busy={mutation.isPending}>
              {copy.block.confirm}
            </Button>
          </div>
        </div>
      </Modal>
    </>
  );
};
