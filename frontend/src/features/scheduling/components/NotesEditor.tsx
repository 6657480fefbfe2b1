import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/Button/Button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { saveNotes, sessionQuery, type Notes, type SessionDetail } from '../api';
import { copy } from '../copy';
import { whenIn } from '../time';
import styles from '../scheduling.module.css';

/** The notes as they are now, from a stale write's 409 (its `issues` carry them: shared session-record.ts). */
const currentFrom = (error: unknown): Notes | null => {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const issue = error.issues?.find((entry): entry is { code: 'stale_version'; current: Notes } => typeof entry === 'object' && entry !== null && (entry as { code?: unknown }).code === 'stale_version');
  return issue?.current ?? null;
};

/**
 * Shared notes both members edit. Each save names the version it started from; when the other member saved
 * in between, the server refuses (409) and both versions are shown side by side, so nobody's words are lost:
 * the member merges into theirs and saves again against the version they have now seen.
 */
export const NotesEditor = ({ sessionId, notes, nameOf, zone }: { sessionId: string; notes: Notes; nameOf: (memberId: string | null) => string; zone: string }) => {
  const id = useId();
  const client = useQueryClient();
  const [text, setText] = useState(notes.text);
  const [base, setBase] = useState(notes);
  const [theirs, setTheirs] = useState<Notes | null>(null);
  const [saving, setSaving] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setStatus(null);
    setProblem(null);
    try {
      const saved = await saveNotes(sessionId, { text, version: theirs?.version ?? base.version });
      setBase(saved);
      setTheirs(null);
      setStatus(copy.notes.saved);
      client.setQueryData<SessionDetail>(sessionQuery(sessionId).queryKey, (detail) => (detail ? { ...detail, notes: saved } : detail));
    } catch (error) {
      const current = currentFrom(error);
      if (current) setTheirs(current);
      else setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  const shown = theirs ?? base;
  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)}>
      {theirs && (
        <div className={styles.conflict} role="alert" aria-labelledby={`${id}-conflict`}>
          <h3 id={`${id}-conflict`}>{copy.notes.conflict}</h3>
          <p className={styles.hint}>{copy.notes.conflictText}</p>
          <div className={styles.versions}>
            <div className={styles.field}>
              <h4 id={`${id}-theirs`} className={styles.hint}>
                {copy.notes.theirs}
              </h4>
              <pre className={styles.theirs} aria-labelledby={`${id}-theirs`} tabIndex={0}>
                {theirs.text}
              </pre>
              <div>
                <Button variant="secondary" className={styles.small} onClick={() => setText(theirs.text)}>
                  {copy.notes.useTheirs}
                </Button>
              </div>
            </div>
            <div className={styles.field}>
              <h4 className={styles.hint}>{copy.notes.yours}</h4>
              <pre className={styles.theirs}>{text}</pre>
            </div>
          </div>
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor={`${id}-text`}>{copy.notes.label}</label>
        <p id={`${id}-hint`} className={styles.hint}>
          {shown.updatedAt ? copy.notes.lastChange(nameOf(shown.updatedBy), whenIn(shown.updatedAt, zone)) : copy.notes.hint}
        </p>
        <textarea
          id={`${id}-text`}
          aria-describedby={`${id}-hint`}
          className={`${styles.textarea} ${styles.notesText}`}
          maxLength={20_000}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setStatus(null);
          }}
        />
      </div>
      {problem && (
        <p role="alert" className={styles.error}>
          {problem}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={saving} aria-busy={saving}>
          {saving ? copy.notes.saving : copy.notes.save}
        </Button>
        <p role="status" className={styles.muted}>
          {status}
        </p>
      </div>
    </form>
  );
};
