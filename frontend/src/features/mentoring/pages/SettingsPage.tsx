import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/Button/Button';
import { toast } from '@/components/Toast/toast';
import { errorMessage } from '@/lib/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { copy } from '../copy';
import { CheckboxField, focusFirstError, FieldError, TextAreaField, TextField } from '../components/Field';
import { ErrorState, LoadingState, Notice } from '../components/States';
import { fieldErrorsOf, type FieldErrors } from '../lib/errors';
import { programmeQuery, saveProgramme } from '../api';
import { useProgramme } from '../hooks';
import type { Programme, ProgrammeSettings } from '../lib/types';
import formStyles from '../components/Form.module.css';
import pageStyles from './Page.module.css';
import styles from './Settings.module.css';

const MAX_TOPICS = 60;
const NUMBERS = {
  maxOpenRequestsPerMentee: [1, 10],
  requestExpiryDays: [2, 60],
  mentorshipMonths: [1, 24],
  messageEmailDelayMinutes: [1, 1440],
} as const;
type NumberField = keyof typeof NUMBERS;

interface SettingsDraft extends Omit<ProgrammeSettings, NumberField | 'topics'> {
  maxOpenRequestsPerMentee: string;
  requestExpiryDays: string;
  mentorshipMonths: string;
  messageEmailDelayMinutes: string;
  /** Each topic keeps an id of its own, so renaming one in place keeps its row (and its focus). */
  topics: { id: number; name: string }[];
}

let topicIds = 0;
const draftOf = (programme: Programme): SettingsDraft => ({
  name: programme.name,
  menteesNeedApproval: programme.menteesNeedApproval,
  maxOpenRequestsPerMentee: String(programme.maxOpenRequestsPerMentee),
  requestExpiryDays: String(programme.requestExpiryDays),
  mentorshipMonths: String(programme.mentorshipMonths),
  messageEmailDelayMinutes: String(programme.messageEmailDelayMinutes),
  topics: programme.topics.map((name) => ({ id: ++topicIds, name })),
  directoryVisibility: programme.directoryVisibility,
  codeOfConduct: programme.codeOfConduct,
});

const validate = (draft: SettingsDraft): FieldErrors => {
  const errors: FieldErrors = {};
  const messages = copy.settings.validation;
  if (!draft.name.trim()) errors.name = messages.name;
  for (const [field, [min, max]] of Object.entries(NUMBERS) as [NumberField, readonly [number, number]][]) {
    const value = draft[field].trim();
    if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) errors[field] = messages.number(min, max);
  }
  const seen = new Set<string>();
  draft.topics.forEach((topic, index) => {
    const name = topic.name.trim().toLowerCase();
    if (!name) errors[`topics.${index}`] = messages.topicEmpty;
    else if (seen.has(name)) errors[`topics.${index}`] = messages.topicDuplicate;
    seen.add(name);
  });
  if (draft.topics.length === 0) errors.topics = messages.topicsEmpty;
  if (draft.codeOfConduct.trim().length < 20) errors.codeOfConduct = messages.codeOfConduct;
  return errors;
};

const bodyOf = (draft: SettingsDraft): ProgrammeSettings => ({
  ...draft,
  name: draft.name.trim(),
  maxOpenRequestsPerMentee: Number(draft.maxOpenRequestsPerMentee),
  requestExpiryDays: Number(draft.requestExpiryDays),
  mentorshipMonths: Number(draft.mentorshipMonths),
  messageEmailDelayMinutes: Number(draft.messageEmailDelayMinutes),
  topics: draft.topics.map((topic) => topic.name.trim()),
  codeOfConduct: draft.codeOfConduct.trim(),
});

/** /coordinator/settings: the programme's settings, with a warning before a changed code of conduct asks everyone again. */
export const SettingsPage = () => {
  const programme = useProgramme();
  const [draft, setDraft] = useState<SettingsDraft | null>(null);
  useEffect(() => {
    if (programme.data && !draft) setDraft(draftOf(programme.data));
  }, [programme.data, draft]);

  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <h1>{copy.settings.heading}</h1>
        <p className={pageStyles.intro}>{copy.settings.intro}</p>
      </header>
      {programme.isError && <ErrorState heading={copy.settings.errorHeading} error={programme.error} onRetry={() => void programme.refetch()} />}
      {!programme.isError && (!programme.data || !draft) && <LoadingState />}
      {programme.data && draft && <SettingsForm programme={programme.data} draft={draft} onChange={setDraft} onSaved={(saved) => setDraft(draftOf(saved))} />}
    </div>
  );
};

const SettingsForm = ({
  programme,
  draft,
  onChange,
  onSaved,
}: {
  programme: Programme;
  draft: SettingsDraft;
  onChange: (draft: SettingsDraft) => void;
  onSaved: (programme: Programme) => void;
}) => {
  const client = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState('');
  const [attempt, setAttempt] = useState(0);
  const [newTopic, setNewTopic] = useState('');
  const [newTopicError, setNewTopicError] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  const topicsRef = useRef<HTMLUListElement>(null);
  const save = useMutation({ mutationFn: (body: ProgrammeSettings) => saveProgramme(body) });
  const conductChanged = draft.codeOfConduct.trim() !== programme.codeOfConduct.trim();

  useEffect(() => {
    if (attempt) focusFirstError(formRef.current);
  }, [attempt]);

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) => {
    onChange({ ...draft, [key]: value });
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const addTopic = () => {
    const name = newTopic.trim();
    if (!name) return setNewTopicError(copy.settings.validation.topicEmpty);
    if (draft.topics.some((topic) => topic.name.trim().toLowerCase() === name.toLowerCase())) return setNewTopicError(copy.settings.validation.topicDuplicate);
    onChange({ ...draft, topics: [...draft.topics, { id: ++topicIds, name }] });
    setNewTopic('');
    setNewTopicError('');
  };

  const removeTopic = (index: number) => {
    onChange({ ...draft, topics: draft.topics.filter((_, at) => at !== index) });
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('topics'))));
    // Focus stays in the list: on the next topic's remove button, else on the field to add one.
    requestAnimationFrame(() => {
      const buttons = topicsRef.current?.querySelectorAll<HTMLButtonElement>('button');
      (buttons?.[Math.min(index, (buttons?.length ?? 1) - 1)] ?? document.getElementById('settings-new-topic'))?.focus();
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError('');
    const local = validate(draft);
    setErrors(local);
    if (Object.keys(local).length) return setAttempt((count) => count + 1);
    try {
      const saved = await save.mutateAsync(bodyOf(draft));
      client.setQueryData(programmeQuery().queryKey, saved);
      toast.success(saved.codeOfConductVersion !== programme.codeOfConductVersion || conductChanged ? copy.settings.savedWithConduct : copy.settings.saved);
      onSaved(saved);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      if (!Object.keys(fields).length) setFormError(errorMessage(error));
      setAttempt((count) => count + 1);
    }
  };

  const errorCount = Object.keys(errors).length;
  const numberField = (field: NumberField, label: string, hint?: string) => (
    <TextField
      id={`settings-${field}`}
      label={label}
      hint={hint}
      error={errors[field]}
      value={draft[field]}
      inputMode="numeric"
      className={styles.number}
      onChange={(event) => set(field, event.target.value)}
    />
  );

  return (
    <form ref={formRef} className={formStyles.form} noValidate onSubmit={submit} aria-busy={save.isPending || undefined}>
      {(errorCount > 0 || formError) && (
        <div role="alert" className={formStyles.summary}>
          <p className={formStyles.summaryTitle}>{formError || copy.common.formErrors(errorCount)}</p>
        </div>
      )}
      <fieldset className={formStyles.section}>
        <legend>{copy.settings.generalLegend}</legend>
        <TextField id="settings-name" label={copy.settings.name} error={errors.name} value={draft.name} maxLength={120} onChange={(event) => set('name', event.target.value)} />
      </fieldset>
      <fieldset className={formStyles.section}>
        <legend>{copy.settings.approvalLegend}</legend>
        <CheckboxField
          id="settings-menteesNeedApproval"
          label={copy.settings.menteesNeedApproval}
          error={errors.menteesNeedApproval}
          checked={draft.menteesNeedApproval}
          onChange={(event) => set('menteesNeedApproval', event.target.checked)}
        />
      </fieldset>
      <fieldset className={formStyles.section}>
        <legend>{copy.settings.limitsLegend}</legend>
        {numberField('maxOpenRequestsPerMentee', copy.settings.maxOpenRequests)}
        {numberField('requestExpiryDays', copy.settings.requestExpiryDays, copy.settings.requestExpiryHint)}
        {numberField('mentorshipMonths', copy.settings.mentorshipMonths)}
        {numberField('messageEmailDelayMinutes', copy.settings.messageEmailDelay, copy.settings.messageEmailDelayHint)}
      </fieldset>
      <fieldset className={formStyles.section} aria-describedby="settings-topics-hint">
        <legend>{copy.settings.topicsLegend}</legend>
        <p id="settings-topics-hint" className={formStyles.hint}>
          {copy.settings.topicsHint} {copy.settings.topicCount(draft.topics.length, MAX_TOPICS)}
        </p>
        <FieldError id="settings-topics-error" error={errors.topics} />
        <ul ref={topicsRef} className={styles.topics}>
          {draft.topics.map((topic, index) => {
            const error = errors[`topics.${index}`];
            return (
              <li key={topic.id} className={styles.topic}>
                <TextField
                  id={`settings-topic-${topic.id}`}
                  label={<span className="visually-hidden">{copy.settings.topicLabel(index + 1)}</span>}
                  error={error}
                  value={topic.name}
                  maxLength={60}
                  className={styles.topicField}
                  onChange={(event) => {
                    onChange({ ...draft, topics: draft.topics.map((entry) => (entry.id === topic.id ? { ...entry, name: event.target.value } : entry)) });
                    if (error) setErrors(({ [`topics.${index}`]: _, ...rest }) => rest);
                  }}
                />
                <button type="button" className={styles.remove} aria-label={copy.settings.removeTopic(topic.name)} onClick={() => removeTopic(index)}>
                  <span aria-hidden="true">×</span>
                </button>
              </li>
            );
          })}
        </ul>
        <div className={styles.addTopic}>
          <TextField
            id="settings-new-topic"
            label={copy.settings.newTopicLabel}
            error={newTopicError}
            value={newTopic}
            maxLength={60}
            disabled={draft.topics.length >= MAX_TOPICS}
            className={styles.topicField}
            onChange={(event) => {
              setNewTopic(event.target.value);
              setNewTopicError('');
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                addTopic();
              }
            }}
          />
          <Button variant="secondary" disabled={draft.topics.length >= MAX_TOPICS} onClick={addTopic}>
            {copy.settings.addTopic}
          </Button>
        </div>
      </fieldset>
      <fieldset className={formStyles.section}>
        <legend>{copy.settings.directoryLegend}</legend>
        {(['members', 'public'] as const).map((value) => (
          <label key={value} className={formStyles.choice}>
            <input
              type="radio"
              name="settings-directory"
              value={value}
              checked={draft.directoryVisibility === value}
              aria-describedby={`settings-directory-${value}-hint`}
              onChange={() => set('directoryVisibility', value)}
            />
            <span>
              <strong>{value === 'members' ? copy.settings.directoryMembers : copy.settings.directoryPublic}</strong>
              <span id={`settings-directory-${value}-hint`} className={`${formStyles.hint} ${styles.block}`}>
                {value === 'members' ? copy.settings.directoryMembersHint : copy.settings.directoryPublicHint}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset className={formStyles.section}>
        <legend>{copy.settings.codeOfConduct}</legend>
        <TextAreaField
          id="settings-codeOfConduct"
          label={copy.settings.codeOfConductText}
          hint={copy.settings.codeOfConductHint}
          error={errors.codeOfConduct}
          value={draft.codeOfConduct}
          rows={10}
          maxLength={20000}
          onChange={(event) => set('codeOfConduct', event.target.value)}
        />
        <div aria-live="polite">{conductChanged && <Notice tone="warning">{copy.settings.conductWillChange}</Notice>}</div>
      </fieldset>
      <div className={formStyles.actions}>
        <Button type="submit" disabled={save.isPending}>
          {copy.settings.save}
        </Button>
      </div>
    </form>
  );
};

export default SettingsPage;
