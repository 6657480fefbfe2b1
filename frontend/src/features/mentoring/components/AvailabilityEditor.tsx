import { useRef } from 'react';
import { copy } from '../copy';
import type { FieldErrors } from '../lib/errors';
import { END_TIMES, formatWindow, START_TIMES, toMinutes, toTime, WEEKDAYS, weekdayName } from '../lib/time';
import type { AvailabilityWindow } from '../lib/types';
import { FieldError } from './Field';
import formStyles from './Form.module.css';
import styles from './AvailabilityEditor.module.css';

interface AvailabilityEditorProps {
  id: string;
  value: AvailabilityWindow[];
  onChange: (value: AvailabilityWindow[]) => void;
  timezone: string;
  /** Errors keyed as the server names them: "availability.2.end". */
  errors: FieldErrors;
}

const MAX_WINDOWS = 28;

/** The next free two hours on a day: after its last window, or 18:00–20:00 on an empty day. */
const nextWindow = (day: number, windows: AvailabilityWindow[]): AvailabilityWindow => {
  const last = windows.filter((window) => window.day === day).sort((a, b) => a.start.localeCompare(b.start)).at(-1);
  if (!last) return { day, start: '18:00', end: '20:00' };
  const start = Math.min(toMinutes(last.end), 23 * 60 + 45);
  return { day, start: toTime(start), end: toTime(Math.min(start + 120, 24 * 60)) };
};

/**
 * Weekly windows, one group per weekday, each window two selects (quarter hours) and a remove button.
 * The windows keep their order in the array, so the server's "availability.N.end" lands on the right row.
 */
export const AvailabilityEditor = ({ id, value, onChange, timezone, errors }: AvailabilityEditorProps) => {
  const listRef = useRef<HTMLDivElement>(null);
  const full = value.length >= MAX_WINDOWS;
  const groupError = errors.availability;

  const update = (index: number, patch: Partial<AvailabilityWindow>) => onChange(value.map((window, at) => (at === index ? { ...window, ...patch } : window)));

  const add = (day: number) => {
    const next = [...value, nextWindow(day, value)];
    onChange(next);
    // Focus the new window's first select, so keyboard users carry on where they are.
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLSelectElement>(`#${id}-${next.length - 1}-start`)?.focus());
  };

  const remove = (index: number, day: number) => {
    onChange(value.filter((_, at) => at !== index));
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLButtonElement>(`#${id}-add-${day}`)?.focus());
  };

  return (
    <fieldset className={formStyles.fieldset} aria-describedby={`${id}-hint${groupError ? ` ${id}-error` : ''}`}>
      <legend className={`${formStyles.label} ${formStyles.subLegend}`}>{copy.fields.availability.legend}</legend>
      <p id={`${id}-hint`} className={formStyles.hint}>
        {copy.fields.availability.hint} {copy.fields.availability.inZone(timezone)}
      </p>
      <FieldError id={`${id}-error`} error={groupError} />
      <div ref={listRef} className={styles.days}>
        {WEEKDAYS.map((day) => {
          const dayName = weekdayName(day);
          const rows = value.map((window, index) => ({ window, index })).filter(({ window }) => window.day === day);
          return (
            <fieldset key={day} className={styles.day}>
              <legend className={styles.dayName}>{dayName}</legend>
              {rows.length === 0 && <p className={styles.none}>{copy.fields.availability.none}</p>}
              <ul className={styles.windows}>
                {rows.map(({ window, index }) => {
                  const startError = errors[`availability.${index}.start`];
                  const endError = errors[`availability.${index}.end`] ?? errors[`availability.${index}`];
                  const error = startError ?? endError;
                  const errorId = `${id}-${index}-error`;
                  return (
                    <li key={index} className={styles.window}>
                      <div className={styles.times}>
                        <label className={styles.time}>
                          <span className={styles.timeLabel}>{copy.fields.availability.from}</span>
                          <select
                            id={`${id}-${index}-start`}
                            className={formStyles.input}
                            value={window.start}
                            aria-invalid={startError ? true : undefined}
                            aria-describedby={startError ? errorId : undefined}
                            onChange={(event) => update(index, { start: event.target.value })}
                          >
                            {START_TIMES.map((time) => (
                              <option key={time}>{time}</option>
                            ))}
                          </select>
                        </label>
                        <label className={styles.time}>
                          <span className={styles.timeLabel}>{copy.fields.availability.to}</span>
                          <select
                            id={`${id}-${index}-end`}
                            className={formStyles.input}
                            value={window.end}
                            aria-invalid={endError && !startError ? true : undefined}
                            aria-describedby={endError ? errorId : undefined}
                            onChange={(event) => update(index, { end: event.target.value })}
                          >
                            {END_TIMES.map((time) => (
                              <option key={time}>{time}</option>
                            ))}
                          </select>
                        </label>
                        <button
                          type="button"
                          className={styles.remove}
                          aria-label={copy.fields.availability.remove(dayName, formatWindow(window))}
                          onClick={() => remove(index, day)}
                        >
                          <span aria-hidden="true">×</span>
                        </button>
                      </div>
                      <FieldError id={errorId} error={error} />
                    </li>
                  );
                })}
              </ul>
              <button type="button" id={`${id}-add-${day}`} className={styles.add} disabled={full} onClick={() => add(day)}>
                <span aria-hidden="true">+ </span>
                {copy.fields.availability.add(dayName)}
              </button>
            </fieldset>
          );
        })}
      </div>
      {full && <p className={formStyles.hint}>{copy.fields.availability.limit}</p>}
    </fieldset>
  );
};
