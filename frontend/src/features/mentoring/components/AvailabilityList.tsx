import { copy } from '../copy';
import { byDay, formatWindow, shiftWindows, weekdayName } from '../lib/time';
import type { AvailabilityWindow } from '../lib/types';
import styles from './Profile.module.css';

/** A week of windows, shown in the viewer's zone: a definition list of weekday → times. */
export const AvailabilityList = ({ windows, from, to }: { windows: readonly AvailabilityWindow[]; from: string; to: string }) => {
  const days = byDay(shiftWindows(windows, from, to)).filter((day) => day.windows.length);
  if (!days.length) return <p className={styles.muted}>{copy.directory.card.noAvailability}</p>;
  return (
    <dl className={styles.week}>
      {days.map(({ day, windows: dayWindows }) => (
        <div key={day} className={styles.weekDay}>
          <dt>{weekdayName(day)}</dt>
          <dd>{dayWindows.map(formatWindow).join(', ')}</dd>
        </div>
      ))}
    </dl>
  );
};

/** Seven small day marks for a card, with the same in words for screen readers. */
export const AvailabilityGlance = ({ windows, from, to }: { windows: readonly AvailabilityWindow[]; from: string; to: string }) => {
  const days = byDay(shiftWindows(windows, from, to));
  const free = days.filter((day) => day.windows.length);
  if (!free.length) return <p className={styles.muted}>{copy.directory.card.noAvailability}</p>;
  return (
    <p className={styles.glance}>
      <span className="visually-hidden">
        {copy.directory.card.availability} {free.map(({ day }) => weekdayName(day)).join(', ')}
      </span>
      <span aria-hidden="true" className={styles.glanceDays}>
        {days.map(({ day, windows: dayWindows }) => (
          <span key={day} className={dayWindows.length ? styles.glanceFree : styles.glanceBusy} title={dayWindows.map(formatWindow).join(', ') || undefined}>
            {weekdayName(day, 'short').slice(0, 2)}
          </span>
        ))}
      </span>
    </p>
  );
};
