import { useId, useState, type FormEvent } from 'react';
import type { FeedbackType } from '@mentoring/shared';
import { messages } from '@mentoring/shared/messages';
import { Button } from '@/components/Button/Button';
import { Modal } from '@/components/Modal/Modal';
import { StarRating } from '@/components/StarRating/StarRating';
import { toast } from '@/components/Toast/toast';
import { submitFeedback } from './api';
import styles from './FeedbackDialog.module.css';

export interface FeedbackDialogProps {
  open: boolean;
  onClose: () => void;
  feedbackType: FeedbackType;
  /** Match feedback about one mentorship is stored with its id. */
  mentorshipId?: string;
  /** Match feedback that answers one of the mentorship's surveys; the fit check also asks how the match is going. */
  survey?: 'fit_check' | 'closing';
  /** After the feedback was stored (a survey's prompt goes away then). */
  onSent?: () => void;
}

const FIT_ANSWERS = [
  ['good', 'Good'],
  ['unsure', 'Unsure'],
  ['not_a_fit', 'Not a fit'],
] as const;
type Fit = (typeof FIT_ANSWERS)[number][0];
const surveyTitles = { fit_check: 'How is this match going?', closing: 'How did the mentorship go?' } as const;

/** The header each feedback type shows above its prompt; a type without one uses its prompt as the heading. */
const headers: Partial<Record<FeedbackType, string>> = { global: messages.feedback.header };

const FeedbackForm = ({ feedbackType, mentorshipId, survey, onSent, onClose }: Omit<FeedbackDialogProps, 'open'>) => {
  const [rating, setRating] = useState<number | null>(null);
  const [fit, setFit] = useState<Fit | null>(null);
  const [fitMissing, setFitMissing] = useState(false);
  const fitName = useId();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const textId = useId();
  const prompt = messages.feedback.prompts[feedbackType];

  // No client-side validation (docs/product-spec.md, point 5): rating and text are both optional.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    // The fit check's one required answer (the server refuses it without); everything else stays optional.
    if (survey === 'fit_check' && !fit) return setFitMissing(true);
    setSending(true);
    try {
      await submitFeedback({
        // The API refuses a source that starts "//" (shared/src/feedback.ts): a path such as //about is sent as /about.
        source: window.location.pathname.replace(/^\/+/, '/'),
        rating,
        feedbackType,
        answers: [text],
        ...(mentorshipId ? { mentorshipId } : {}),
        ...(survey ? { survey } : {}),
        ...(survey === 'fit_check' && fit ? { fit } : {}),
      });
    } catch {
      setSending(false);
      toast.error(messages.feedback.failure);
      return;
    }
    toast.success(messages.feedback.success);
    onSent?.();
    onClose();
  };

  return (
    <form onSubmit={onSubmit} className={styles.form}>
      {survey === 'fit_check' && (
        <fieldset className={styles.fit} aria-describedby={fitMissing ? `${fitName}-missing` : undefined}>
          <legend>{surveyTitles.fit_check}</legend>
          {FIT_ANSWERS.map(([value, label]) => (
            <label key={value} className={styles.fitOption}>
              <input
                type="radio"
                name={fitName}
                value={value}
                checked={fit === value}
                onChange={() => {
                  setFit(value);
                  setFitMissing(false);
                }}
              />
              {label}
            </label>
          ))}
          {fitMissing && (
            <p id={`${fitName}-missing`} role="alert" className={styles.fitMissing}>
              Say how the match is going.
            </p>
          )}
        </fieldset>
      )}
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
export const FeedbackDialog = ({ open, onClose, feedbackType, mentorshipId, survey, onSent }: FeedbackDialogProps) => (
  <Modal open={open} onClose={onClose} title={(survey && surveyTitles[survey]) ?? headers[feedbackType] ?? messages.feedback.prompts[feedbackType]} closeIcon>
    <FeedbackForm feedbackType={feedbackType} mentorshipId={mentorshipId} survey={survey} onSent={onSent} onClose={onClose} />
  </Modal>
);
