import { useState, type ReactNode } from 'react';
import { DECLINE_REASONS, END_REASONS, type DeclineReason, type EndReason, type MentorshipAction } from '@mentoring/shared/mentorship';
import { Button, ButtonLink } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { toast } from '@/components/Toast/toast';
import { MatchFeedbackSlot } from '../slots';
import { errorMessage } from '@/lib/api-client';
import type { ActionInput } from '../api';
import { useMentorshipAction } from '../hooks';
import { copy } from '../copy';
import { otherParty, type MentorshipSummary } from '../model';
import styles from '../mentorships.module.css';
import { ConfirmDialog, ReasonDialog } from './ReasonDialog';
import { DialogActions } from '@/components/Form/Form';

type Dialog = 'decline' | 'withdraw' | 'complete' | 'end' | null;
type Ended = { reason: EndReason | null } | null;

const buttonVariant = (action: MentorshipAction) =>
  action === 'accept' || action === 'acceptProposal' || action === 'resume' ? 'primary' : 'secondary';

/**
 * The buttons of the actions a viewer may take on one mentorship, with the dialog each needs (a reason
 * to decline or end, a confirmation to withdraw or complete). Outcomes are announced in the toasts' live
 * regions; a refusal inside a dialog is shown there, keeping what was entered. When a mentorship ends
 * the viewer is offered the match feedback and, after "not a good fit", to look for another mentor.
 */
export const MentorshipActions = ({
  mentorship,
  actions,
  pairName,
  leading,
}: {
  mentorship: Pick<MentorshipSummary, 'id' | 'state' | 'viewerRole' | 'mentor' | 'mentee'>;
  actions: readonly MentorshipAction[];
  /** How a coordinator's dialogs name the pair. */
  pairName?: string;
  /** Shown first in the row of buttons (the mentorship page's call button). */
  leading?: ReactNode;
}) => {
  const mutation = useMentorshipAction();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [ended, setEnded] = useState<Ended>(null);
  const [feedbackOpen, setFeedbackOpen] = useState(false);
  const other = otherParty(mentorship);
  const isProposal = mentorship.state === 'PROPOSED';

  const run = (input: ActionInput) =>
    mutation.mutate(input, {
      onSuccess: () => {
        setDialog(null);
        toast.success(input.action === 'accept' ? copy.actions.done.accept(other.displayName) : copy.actions.done[input.action]);
        if (mentorship.viewerRole !== 'coordinator' && (input.action === 'end' || input.action === 'complete')) {
          setEnded({ reason: input.action === 'end' ? input.reason : null });
        }
      },
      onError: (error) => {
        // In a dialog the error shows there; a button's own action says it in a toast.
        if (!dialog) toast.error(errorMessage(error));
      },
    });

  const open = (next: Dialog) => {
    mutation.reset();
    setDialog(next);
  };
  const onButton = (action: MentorshipAction) => {
    if (action === 'decline' || action === 'withdraw' || action === 'complete' || action === 'end') open(action);
    else run({ action, id: mentorship.id } as ActionInput);
  };
  const busy = mutation.isPending;
  const dialogError = dialog && mutation.isError ? errorMessage(mutation.error) : null;
  const visible = actions.filter((action) => action !== 'expire' && action !== 'invalidate');

  return (
    <>
      {(visible.length > 0 || leading) && (
        <div className={styles.actions}>
          {leading}
          {visible.map((action) => (
            <Button key={action} variant={buttonVariant(action)} className={styles.small} disabled={busy} onClick={() => onButton(action)}>
              {copy.actions[action]}
            </Button>
          ))}
        </div>
      )}
      <ReasonDialog<DeclineReason>
        open={dialog === 'decline'}
        onClose={() => setDialog(null)}
        title={isProposal ? copy.decline.proposalTitle : copy.decline.title(other.displayName)}
        reasons={DECLINE_REASONS}
        legend={copy.decline.reason}
        legendHint={copy.decline.reasonHint}
        messageLabel={copy.decline.message}
        messageHint={copy.decline.messageHint}
        confirm={copy.decline.confirm}
        busy={busy}
        error={dialogError}
        onSubmit={(reason, message) => run({ action: 'decline', id: mentorship.id, reason, message })}
      />
      <ReasonDialog<EndReason>
        open={dialog === 'end'}
        onClose={() => setDialog(null)}
        title={pairName ? copy.coordinator.endTitle(pairName) : copy.end.title}
        reasons={END_REASONS}
        legend={copy.end.reason}
        legendHint={copy.end.reasonHint}
        messageLabel={copy.end.message}
        confirm={copy.end.confirm}
        busy={busy}
        error={dialogError}
        onSubmit={(reason, message) => run({ action: 'end', id: mentorship.id, reason, message })}
      />
      <ConfirmDialog
        open={dialog === 'withdraw'}
        onClose={() => setDialog(null)}
        title={copy.withdraw.title(other.displayName)}
        text={copy.withdraw.text}
        confirm={copy.withdraw.confirm}
        busy={busy}
        error={dialogError}
        onConfirm={() => run({ action: 'withdraw', id: mentorship.id })}
      />
      <ConfirmDialog
        open={dialog === 'complete'}
        onClose={() => setDialog(null)}
        title={copy.complete.title}
        text={copy.complete.text}
        confirm={copy.complete.confirm}
        busy={busy}
        error={dialogError}
        onConfirm={() => run({ action: 'complete', id: mentorship.id })}
      />
      <Modal open={ended !== null && !feedbackOpen} onClose={() => setEnded(null)} title={copy.actions.done[ended?.reason ? 'end' : 'complete']} closeIcon>
        <div className={styles.outcome}>
          {ended?.reason === 'not_a_good_fit' && mentorship.viewerRole === 'mentee' && (
            <>
              <p>{copy.end.notAFit}</p>
              <ButtonLink to="/mentors">{copy.end.findAnother}</ButtonLink>
            </>
          )}
          <p>{copy.detail.feedbackText}</p>
          <DialogActions>
            <Button variant="secondary" onClick={() => setEnded(null)}>
              {copy.request.close}
            </Button>
            <Button onClick={() => setFeedbackOpen(true)}>{copy.detail.feedbackButton}</Button>
          </DialogActions>
        </div>
      </Modal>
      <MatchFeedbackSlot.Slot
        open={feedbackOpen}
        onClose={() => {
          setFeedbackOpen(false);
          setEnded(null);
        }}
        mentorshipId={mentorship.id}
      />
    </>
  );
};
