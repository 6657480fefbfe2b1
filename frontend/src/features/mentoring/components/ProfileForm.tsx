import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { Button } from '@/components/Button/Button';
import { copy } from '../copy';
import { normaliseProfileErrors, validateDraft, type ProfileDraft } from '../lib/draft';
import { fieldErrorsOf, type FieldErrors } from '../lib/errors';
import { countryOptions, languageOptions } from '../lib/reference';
import { timeZoneOptions } from '../lib/time';
import { FORMATS, MAX_MENTOR_TOPICS } from '../lib/types';
import { AvailabilityEditor } from './AvailabilityEditor';
import { CheckboxField, focusFirstError, SelectField, TextAreaField, TextField } from './Field';
import { MultiSelect } from './MultiSelect';
import { TopicPicker } from './TopicPicker';
import styles from './Form.module.css';

interface ProfileFormProps {
  draft: ProfileDraft;
  onChange: (draft: ProfileDraft) => void;
  /** The programme's topic list. */
  topics: readonly string[];
  /** Saves the profile; a 400 with zod issues is shown beside the fields it names. */
  onSubmit: (draft: ProfileDraft) => Promise<unknown>;
  submitLabel: string;
  /** Shown above the fields (for example the code of conduct to accept again). */
  before?: ReactNode;
  /** Extra buttons beside the submit button. */
  actions?: ReactNode;
  /** Checks of the page's own that must pass too (they return field errors like the draft's). */
  extraValidate?: () => FieldErrors;
  idPrefix?: string;
}

/** The profile of docs/domain.md, the same for onboarding and /profile: shared fields, then the role's own. */
export const ProfileForm = ({ draft, onChange, topics, onSubmit, submitLabel, before, actions, extraValidate, idPrefix = 'profile' }: ProfileFormProps) => {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const languages = useMemo(() => languageOptions(), []);
  // Hundreds of options: made once, so typing in another field does not rebuild them.
  const countries = useMemo(
    () =>
      countryOptions().map((country) => (
        <option key={country.value} value={country.value}>
          {country.label}
        </option>
      )),
    [],
  );
  const zones = useMemo(() => timeZoneOptions(), []);
  const zoneElements = useMemo(
    () =>
      zones.map((zone) => (
        <option key={zone.value} value={zone.value}>
          {zone.label}
        </option>
      )),
    [zones],
  );
  const id = (name: string) => `${idPrefix}-${name}`;
  const set = <K extends keyof ProfileDraft>(key: K, value: ProfileDraft[K]) => {
    onChange({ ...draft, [key]: value });
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  // After a failed submit, focus goes to the first field to fix (or to the summary when no field is named).
  useEffect(() => {
    if (attempt === 0) return;
    if (!focusFirstError(formRef.current)) formRef.current?.querySelector<HTMLElement>('[role="alert"]')?.focus();
  }, [attempt]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const local = { ...validateDraft(draft), ...extraValidate?.() };
    if (Object.keys(local).length) {
      const { fields, other } = normaliseProfileErrors(local);
      setErrors(fields);
      setFormError(other);
      setAttempt((count) => count + 1);
      return;
    }
    setBusy(true);
    setErrors({});
    setFormError([]);
    try {
      await onSubmit(draft);
    } catch (error) {
      const { fields, other } = normaliseProfileErrors(fieldErrorsOf(error));
      setErrors(fields);
      setFormError(other.length || Object.keys(fields).length ? other : [errorMessage(error)]);
      setAttempt((count) => count + 1);
    } finally {
      setBusy(false);
    }
  };

  const fieldCount = Object.keys(errors).length;
  const mentor = draft.role === 'mentor';

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={submit} aria-busy={busy || undefined}>
      {(fieldCount > 0 || formError.length > 0) && (
        <div role="alert" tabIndex={-1} className={styles.summary}>
          {fieldCount > 0 && <p className={styles.summaryTitle}>{copy.common.formErrors(fieldCount)}</p>}
          {formError.map((message) => (
            <p key={message} className={styles.summaryTitle}>
              {message}
            </p>
          ))}
        </div>
      )}
      {before}
      <fieldset className={styles.section}>
        <legend>{copy.onboarding.steps.profile}</legend>
        <TextField
          id={id('displayName')}
          label={copy.fields.displayName.label}
          hint={copy.fields.displayName.hint}
          error={errors.displayName}
          value={draft.displayName}
          maxLength={80}
          autoComplete="nickname"
          required
          onChange={(event) => set('displayName', event.target.value)}
        />
        <TextField
          id={id('headline')}
          label={copy.fields.headline.label}
          hint={copy.fields.headline.hint}
          error={errors.headline}
          optional
          value={draft.headline}
          maxLength={120}
          onChange={(event) => set('headline', event.target.value)}
        />
        <TextAreaField
          id={id('bio')}
          label={copy.fields.bio.label}
          hint={copy.fields.bio.hint}
          error={errors.bio}
          optional
          value={draft.bio}
          maxLength={2000}
          onChange={(event) => set('bio', event.target.value)}
        />
        <MultiSelect
          id={id('languages')}
          label={copy.fields.languages.label}
          hint={copy.fields.languages.hint}
          error={errors.languages}
          options={languages}
          value={draft.languages}
          onChange={(value) => set('languages', value)}
          texts={copy.fields.languages}
        />
        <div className={styles.row}>
          <SelectField
            id={id('country')}
            label={copy.fields.country.label}
            error={errors.country}
            value={draft.country}
            autoComplete="country"
            required
            onChange={(event) => set('country', event.target.value)}
          >
            <option value="">{copy.fields.country.choose}</option>
            {countries}
          </SelectField>
          <SelectField
            id={id('timezone')}
            label={copy.fields.timezone.label}
            hint={copy.fields.timezone.hint}
            error={errors.timezone}
            value={draft.timezone}
            required
            onChange={(event) => set('timezone', event.target.value)}
          >
            {!zones.some((zone) => zone.value === draft.timezone) && <option value={draft.timezone}>{draft.timezone}</option>}
            {zoneElements}
          </SelectField>
        </div>
        <AvailabilityEditor
          id={id('availability')}
          value={draft.availability}
          timezone={draft.timezone}
          errors={errors}
          onChange={(value) => {
            onChange({ ...draft, availability: value });
            setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith('availability'))));
          }}
        />
      </fieldset>

      <fieldset className={styles.section}>
        <legend>{mentor ? copy.fields.mentorSection : copy.fields.menteeSection}</legend>
        <TopicPicker
          id={id('topics')}
          legend={mentor ? copy.fields.topicsMentor.legend : copy.fields.topicsMentee.legend}
          hint={mentor ? copy.fields.topicsMentor.hint(MAX_MENTOR_TOPICS) : copy.fields.topicsMentee.hint}
          topics={topics}
          value={draft.topics}
          max={mentor ? MAX_MENTOR_TOPICS : undefined}
          error={errors.topics}
          onChange={(value) => set('topics', value)}
        />
        {!mentor && (
          <TextAreaField
            id={id('goals')}
            label={copy.fields.goals.label}
            hint={copy.fields.goals.hint}
            error={errors.goals}
            value={draft.goals}
            maxLength={2000}
            required
            onChange={(event) => set('goals', event.target.value)}
          />
        )}
        {mentor && (
          <>
            <div className={styles.row}>
              <TextField
                id={id('yearsOfExperience')}
                label={copy.fields.yearsOfExperience.label}
                error={errors.yearsOfExperience}
                value={draft.yearsOfExperience}
                inputMode="numeric"
                required
                onChange={(event) => set('yearsOfExperience', event.target.value)}
              />
              <TextField
                id={id('capacity')}
                label={copy.fields.capacity.label}
                hint={copy.fields.capacity.hint}
                error={errors.capacity}
                value={draft.capacity}
                inputMode="numeric"
                required
                onChange={(event) => set('capacity', event.target.value)}
              />
            </div>
            <CheckboxField
              id={id('acceptingRequests')}
              label={copy.fields.acceptingRequests.label}
              hint={copy.fields.acceptingRequests.hint}
              error={errors.acceptingRequests}
              checked={draft.acceptingRequests}
              onChange={(event) => set('acceptingRequests', event.target.checked)}
            />
          </>
        )}
        <fieldset className={styles.fieldset} aria-describedby={errors.format ? id('format-error') : undefined}>
          <legend className={`${styles.label} ${styles.subLegend}`}>{copy.fields.format.legend}</legend>
          <ul className={styles.choices}>
            {FORMATS.map((format, index) => (
              <li key={format}>
                <label className={styles.choice}>
                  <input
                    type="radio"
                    name={id('format')}
                    id={index === 0 ? id('format') : undefined}
                    value={format}
                    checked={draft.format === format}
                    aria-invalid={errors.format ? true : undefined}
                    onChange={() => set('format', format)}
                  />
                  <span>{copy.formats[format]}</span>
                </label>
              </li>
            ))}
          </ul>
          {errors.format && (
            <p id={id('format-error')} className={styles.error}>
              {errors.format}
            </p>
          )}
        </fieldset>
        {mentor && draft.format !== 'online' && (
          <TextField
            id={id('city')}
            label={copy.fields.city.label}
            hint={copy.fields.city.hint}
            error={errors.city}
            value={draft.city}
            maxLength={80}
            autoComplete="address-level2"
            required
            onChange={(event) => set('city', event.target.value)}
          />
        )}
      </fieldset>

      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {actions}
      </div>
    </form>
  );
};
