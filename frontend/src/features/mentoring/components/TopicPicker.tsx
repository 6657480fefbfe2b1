import { copy } from '../copy';
import { FieldError, FieldHint } from './Field';
import styles from './Form.module.css';

interface TopicPickerProps {
  id: string;
  legend: string;
  hint?: string;
  topics: readonly string[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  max?: number;
  error?: string;
}

/** The programme's topics as a group of checkboxes; once `max` are chosen the others wait until one is unticked. */
export const TopicPicker = ({ id, legend, hint, topics, value, onChange, max, error }: TopicPickerProps) => {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const full = max !== undefined && value.length >= max;
  // A topic the programme has since renamed or removed stays visible while it is still chosen.
  const shown = [...topics, ...value.filter((topic) => !topics.includes(topic))];
  return (
    <fieldset className={styles.fieldset} aria-describedby={[hint ? hintId : '', max ? countId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined}>
      <legend className={`${styles.label} ${styles.subLegend}`}>{legend}</legend>
      <FieldHint id={hintId} hint={hint} />
      {max !== undefined && (
        <p id={countId} className={styles.count} aria-live="polite">
          {copy.fields.topicsCount(value.length, max)}
        </p>
      )}
      <ul className={styles.choices}>
        {shown.map((topic, index) => {
          const checked = value.includes(topic);
          return (
            <li key={topic}>
              <label className={styles.choice}>
                <input
                  type="checkbox"
                  id={index === 0 ? id : undefined}
                  checked={checked}
                  disabled={!checked && full}
                  aria-invalid={error ? true : undefined}
                  onChange={() => onChange(checked ? value.filter((entry) => entry !== topic) : [...value, topic])}
                />
                <span>{topic}</span>
              </label>
            </li>
          );
        })}
      </ul>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
};
