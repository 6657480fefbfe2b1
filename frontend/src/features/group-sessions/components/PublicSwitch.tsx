import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { publicWorkshopPath } from '@mentoring/shared/group-sessions';
import { errorMessage } from '@/lib/api-client';
import { setWorkshopPublic, type GroupSession } from '../api';
import { copy } from '../copy';
import styles from '../group-sessions.module.css';

/**
 * A coordinator makes a workshop public: from go-live its broadcast plays for visitors on its own page (no sign-in),
 * which the switch links to. Open circles have no picture, and over sessions nothing to show: no switch for them.
 */
export const PublicSwitch = ({ session }: { session: GroupSession }) => {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (value: boolean) => setWorkshopPublic(session.id, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['GET /api/group-sessions'] }),
  });
  if (session.kind !== 'workshop' || session.state === 'ended' || session.state === 'cancelled') return null;
  const checked = change.isPending ? change.variables : session.public;
  return (
    <div className={styles.publicSwitch}>
      <label>
        <input type="checkbox" checked={checked} disabled={change.isPending} onChange={(event) => change.mutate(event.target.checked)} /> {copy.publicSwitch}
      </label>
      {session.public && <Link to={publicWorkshopPath(session.id)}>{copy.publicPage}</Link>}
      {change.isError && <p role="alert">{errorMessage(change.error)}</p>}
    </div>
  );
};
