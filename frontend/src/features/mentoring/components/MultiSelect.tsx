import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { FieldError, FieldHint, fieldIds } from './Field';
import formStyles from './Form.module.css';
import styles from './MultiSelect.module.css';

export interface Option {
  value: string;
  label: string;
}

interface Texts {
  placeholder: string;
  none: string;
  remove: (label: string) => string;
  added: (label: string) => string;
  removed: (label: string) => string;
  selected: (count: number) => string;
}

interface MultiSelectProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  texts: Texts;
  /** Show at most this many matches while typing (long lists stay quick). */
  limit?: number;
}

/**
 * A searchable multi-select on the ARIA combobox pattern: type to filter, arrows to move, Enter to add or
 * remove, Escape to close; chosen values show as removable chips, and every change is announced.
 */
export const MultiSelect = ({ id, label, hint, error, options, value, onChange, texts, limit = 60 }: MultiSelectProps) => {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const labelId = `${id}-label`;
  const ids = fieldIds(id, { hint, error });
  const labels = useMemo(() => new Map(options.map((option) => [option.value, option.label])), [options]);
  // Ids from positions: values may hold spaces, which an id reference list cannot.
  const positions = useMemo(() => new Map(options.map((option, index) => [option.value, index])), [options]);

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    const found = needle
      ? options.filter((option) => option.label.toLowerCase().includes(needle) || option.value.toLowerCase() === needle)
      : options;
    // Names that start with what was typed come first ("Span" → Spanish before Esperanto).
    return [...found]
      .sort((a, b) => Number(!a.label.toLowerCase().startsWith(needle)) - Number(!b.label.toLowerCase().startsWith(needle)))
      .slice(0, limit);
  }, [options, query, limit]);

  const toggle = (optionValue: string) => {
    const name = labels.get(optionValue) ?? optionValue;
    if (value.includes(optionValue)) {
      onChange(value.filter((entry) => entry !== optionValue));
      setAnnouncement(texts.removed(name));
    } else {
      onChange([...value, optionValue]);
      setAnnouncement(texts.added(name));
      setQuery('');
      setActive(0);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive((index) => Math.min(index + 1, matches.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((index) => Math.max(index - 1, 0));
        break;
      case 'Home':
        if (open) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          event.preventDefault();
          setActive(Math.max(matches.length - 1, 0));
        }
        break;
      case 'Enter': {
        const option = open ? matches[active] : undefined;
        if (option) {
          event.preventDefault();
          toggle(option.value);
        }
        break;
      }
      case 'Escape':
        if (open) {
          event.preventDefault();
          setOpen(false);
        } else if (query) {
          event.preventDefault();
          setQuery('');
        }
        break;
      case 'Backspace':
        if (!query && value.length) toggle(value[value.length - 1]!);
        break;
      default:
    }
  };

  const activeOption = open ? matches[active] : undefined;
  const optionId = (optionValue: string) => `${id}-option-${positions.get(optionValue) ?? 0}`;

  return (
    <div className={formStyles.field}>
      <label id={labelId} htmlFor={id} className={formStyles.label}>
        {label}
      </label>
      <FieldHint id={ids.hintId} hint={hint} />
      {value.length > 0 && (
        <ul className={styles.chips} aria-label={texts.selected(value.length)}>
          {value.map((entry) => (
            <li key={entry} className={styles.chip}>
              <span>{labels.get(entry) ?? entry}</span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={texts.remove(labels.get(entry) ?? entry)}
                onClick={() => {
                  toggle(entry);
                  inputRef.current?.focus();
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.box}>
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          className={formStyles.input}
          placeholder={texts.placeholder}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption.value) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        {/* Out of the tab order: Chromium makes a scrolling list focusable, so Tab would move there, the input's blur
            would hide it, and focus would fall to <body>. The input owns the keyboard (aria-activedescendant). */}
        <ul id={listId} role="listbox" aria-multiselectable="true" aria-labelledby={labelId} className={styles.list} hidden={!open} tabIndex={-1}>
          {matches.length === 0 ? (
            <li className={styles.none} role="presentation">
              {texts.none}
            </li>
          ) : (
            matches.map((option, index) => {
              const selected = value.includes(option.value);
              return (
                <li
                  key={option.value}
                  id={optionId(option.value)}
                  role="option"
                  aria-selected={selected}
                  className={[styles.option, index === active ? styles.active : ''].join(' ')}
                  // Keeps focus in the input, so the list stays open for the next choice.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => toggle(option.value)}
                  onMouseMove={() => setActive(index)}
                >
                  <span className={styles.check} aria-hidden="true">
                    {selected ? '✓' : ''}
                  </span>
                  {option.label}
                </li>
              );
            })
          )}
        </ul>
      </div>
      <FieldError id={ids.errorId} error={error} />
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
};
