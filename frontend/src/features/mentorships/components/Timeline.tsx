import { DECLINED_REASONS, END_REASONS } from '@mentoring/shared/mentorship';
import { copy } from '../copy';
import { type MentorshipDetail } from '../model';
import { useDates } from '@/lib/member-zone';
import styles from '../mentorships.module.css';

type Event = MentorshipDetail['events'][number];

const reasonLabel = (event: Event) => {
  if (!event.reason) return null;
  const labels: Record<string, string> = event.type === 'decline' ? DECLINED_REASONS : event.type === 'end' ? END_REASONS : {};
  return labels[event.reason] ?? event.reason;
};

/** The request's or proposal's own message: the page shows it above the history, so it is not repeated here. */
const OPENING_EVENTS = new Set(['requested', 'proposed']);

/** The mentorship's event log, oldest first: what happened, by which side, when, and why. */
export const Timeline = ({ events }: { events: MentorshipDetail['events'] }) => {
  const dates = useDates();
  return (
    <ol className={styles.timeline}>
      {[...events]
        .sort((a, b) => a.at.localeCompare(b.at))
        .map((event, index) => {
          const reason = reasonLabel(event);
          return (
            <li key={`${event.at}-${index}`}>
              <p>
                <span className={styles.eventTitle}>{copy.events[event.type] ?? event.type}</span>{' '}
                <span className={styles.muted}>{copy.eventBy[event.actor]}</span>
              </p>
              <p className={styles.muted}>
                <time dateTime={event.at}>{dates.dateTime(event.at)}</time>
              </p>
              {reason && <p>{copy.detail.reason(reason)}</p>}
              {event.message && !OPENING_EVENTS.has(event.type) && <p className={styles.quote}>{event.message}</p>}
            </li>
          );
        })}
    </ol>
  );
};
