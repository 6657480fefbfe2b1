import { useId } from 'react';
import { copy } from '../copy';
import { groupByDay, otherLocal, timeIn } from '../time';
import styles from '../scheduling.module.css';

export interface SlotPickerProps {
  slots: readonly { startsAt: string }[];
  zone: string;
  otherZone: string;
  otherName: string;
  /** One time (radios) or up to `max` times (checkboxes). */
  multiple: boolean;
  max?: number;
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  legend: string;
}

/**
 * The free times grouped by the day they fall on in the viewer's zone; each says the other member's local time
 * where it reads differently. Native radios or checkboxes, so the keyboard and screen readers need nothing extra.
 */
export const SlotPicker = ({ slots, zone, otherZone, otherName, multiple, max = 1, selected, onChange, legend }: SlotPickerProps) => {
  const name = useId();
  const days = groupByDay(slots, zone);
  // Each time is short: the other's first name is enough beside it (the zone note above names them in full).
  const firstName = otherName.split(/\s+/)[0] ?? otherName;
  const toggle = (startsAt: string, checked: boolean) => {
    if (!multiple) return onChange([startsAt]);
    onChange(checked ? [...selected, startsAt] : selected.filter((time) => time !== startsAt));
  };
  return (
    <fieldset className={styles.slotPicker}>
      <legend>{legend}</legend>
      {days.map((day) => (
        <fieldset key={day.key} className={styles.day}>
          <legend className={styles.dayName}>{day.label}</legend>
          <div className={styles.slots}>
            {day.items.map((slot) => {
              const checked = selected.includes(slot.startsAt);
              const other = otherLocal(slot.startsAt, zone, otherZone);
              return (
                <label key={slot.startsAt} className={styles.slot}>
                  <input
                    type={multiple ? 'checkbox' : 'radio'}
                    name={name}
                    value={slot.startsAt}
                    checked={checked}
                    disabled={multiple && !checked && selected.length >= max}
                    onChange={(event) => toggle(slot.startsAt, event.target.checked)}
                  />
                  <span className={styles.slotTime}>{timeIn(slot.startsAt, zone)}</span>
                  {other && <span className={styles.slotOther}>{copy.slot.other(other, firstName)}</span>}
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
    </fieldset>
  );
};
