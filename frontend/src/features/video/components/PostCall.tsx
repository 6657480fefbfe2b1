import { useState, type FormEvent } from 'react';
import type { Call } from '@stream-io/video-react-sdk';
import { FEEDBACK_RATING } from '@mentoring/shared/video';
import { copy as text } from '../copy';
import type { ExitReason } from './exitReasons';
import { useRoom } from './room/RoomContext';

export interface PostCallProps {
  call: Call;
  reason: ExitReason;
  onDone: () => void;
  doneLabel: string;
}

const stars = Array.from({ length: FEEDBACK_RATING.max - FEEDBACK_RATING.min + 1 }, (_, index) => FEEDBACK_RATING.min + index);

/** Why the call ended, then a 1–5 rating with an optional comment sent with call.submitFeedback. */
export const PostCall = ({ call, reason, onDone, doneLabel }: PostCallProps) => {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'failed'>('idle');
  const room = useRoom();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating === null) return;
    setState('sending');
    try {
      await call.submitFeedback(rating, comment.trim() ? { reason: comment.trim() } : {});
      setState('sent');
    } catch (cause) {
      console.error(cause);
      setState('failed');
    }
  };

  return (
    <section className="post-call" aria-labelledby="post-call-title">
      <p className="post-call__reason" role="status">
        {(room && text.room.exit[reason]) ?? text.exit[reason]}
      </p>
      {state === 'sent' ? (
        <p role="status">{text.postCall.thanks}</p>
      ) : (
        <form onSubmit={submit}>
          <h2 id="post-call-title">{text.postCall.title}</h2>
          <div role="radiogroup" aria-label={text.postCall.title} className="post-call__stars">
            {stars.map((value) => (
              <button
                key={value}
                type="button"
                role="radio"
                aria-checked={rating === value}
                aria-label={text.postCall.rating(value)}
                className={rating !== null && value <= rating ? 'star star--on' : 'star'}
                onClick={() => setRating(value)}
              >
                ★
              </button>
            ))}
          </div>
          <label>
            {text.postCall.comment}
            <textarea value={comment} onChange={(event) => setComment(event.target.value)} />
          </label>
          {state === 'failed' && <p role="alert">{text.postCall.failed}</p>}
          <button type="submit" className="call-button call-button--primary" disabled={rating === null || state === 'sending'}>
            {text.postCall.submit}
          </button>
        </form>
      )}
      <button type="button" className="call-button" onClick={onDone}>
        {state === 'sent' ? doneLabel : text.postCall.skip}
      </button>
    </section>
  );
};
