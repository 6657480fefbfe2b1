import { useId, useState, type FormEvent } from 'react';
import type { FeedbackType } from '@mentoring/shared';
import { messages } from '@mentoring/shared/messages';
import { Button } from '../../components/Button/Button';
import { Modal } from '../../components/Modal/Modal';
import { StarRating } from '../../components/StarRating/StarRating';
import { toast } from '../../components/Toast/toast';
import { submitFeedback } from './api';
import styles from './FeedbackDialog.module.css';

export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
  feedbackType: FeedbackType;
  /** Match feedback about one mentorship is stored with its id. */
  mentorshipId?: string;
}

/** The header each feedback type shows above its prompt; a type without one uses its prompt as the heading. */
const headers: Partial<Record<FeedbackType, string>> = { global: messages.feedback.header };

const FeedbackForm = ({ feedbackType, mentorshipId, onClose }: Omit<FeedbackDialogProps, 'open'>) => {
  const [rating, setRating] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const textId = useId();
  const prompt = messages.feedback.prompts[feedbackType];

  // No client-side validation (docs/product-spec.md, point 5): rating and text are both optional.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    try {
      await submitFeedback({ source: window.location.pathname, rating, feedbackType, answers: [text], ...(mentorshipId ? { mentorshipId } : {}) });
    } catch {
      setSending(false);
      toast.error(messages.feedback.failure);
      return;
    }
    toast.success(messages.feedback.success);
    onClose();
  };

  return (
    <form onSubmit={onSubmit} className={styles.form}>
      <label htmlFor={textId} className={headers[feedbackType] ? styles.prompt : 'visually-hidden'}>
        {prompt}
      </label>
      <StarRating label="Rating" value={rating} onChange={setRating} />
      <textarea
        id={textId}
        className={styles.text}
        placeholder={messages.feedback.placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={5}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={sending} aria-busy={sending}>
          Submit
        </Button>
      </div>
    </form>
  );
};

/**
 * The feedback dialog of docs/product-spec.md, points 3 to 5. It takes the feedback type, so the match flow reuses it
 * with `feedbackType="match"`. Closing resets it; a failed submit keeps it open with what was entered.
 */
export const FeedbackDialog = ({ open, onClose, feedbackType, mentorshipId }: FeedbackDialogProps) => (
  <Modal open={open} onClose={onClose} title={headers[feedbackType] ?? messages.feedback.prompts[feedbackType]} closeIcon>
    <FeedbackForm feedbackType={feedbackType} mentorshipId={mentorshipId} onClose={onClose} />
  </Modal>
);
