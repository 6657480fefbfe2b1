import { useId, useState } from 'react';
import styles from './StarRating.module.css';

export interface StarRatingProps {
  value: number | null;
  onChange: (value: number) => void;
  /** The group's accessible name. */
  label: string;
  /** The spec's RATING_STARS (5); a literal here because importing it would bring zod into the page bundle. */
  stars?: number;
}

const starLabel = (value: number) => `${value} star${value === 1 ? '' : 's'}`;

/**
 * A star rating as a radio group: arrow keys move the choice as in any radio group, a click sets it,
 * and hovering previews how many stars a click would give.
 */
export const StarRating = ({ value, onChange, label, stars = 5 }: StarRatingProps) => {
  const name = useId();
  const [preview, setPreview] = useState<number | null>(null);
  const shown = preview ?? value ?? 0;
  return (
    <fieldset className={styles.rating} onMouseLeave={() => setPreview(null)}>
      <legend className={styles.legend}>{label}</legend>
      <div className={styles.stars}>
        {Array.from({ length: stars }, (_, index) => {
          const starValue = index + 1;
          const filled = starValue <= shown;
          return (
            <label key={starValue} className={styles.star} data-filled={filled} data-testid={`star-${starValue}`} onMouseEnter={() => setPreview(starValue)}>
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={starValue}
                checked={value === starValue}
                onChange={() => onChange(starValue)}
                aria-label={starLabel(starValue)}
              />
              <svg aria-hidden="true" viewBox="0 0 24 24" width="36" height="36">
                <path d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8z" />
              </svg>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
};
