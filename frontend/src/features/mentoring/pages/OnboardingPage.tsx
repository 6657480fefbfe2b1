import { useEffect, useRef, useState, type RefObject } from 'react';
import { useAuth } from '@/lib/auth/useAuth';
import { Button, ButtonLink } from '@/components/Button/Button';
import { errorMessage } from '@/lib/api-client';
import { copy } from '../copy';
import { CheckboxField } from '../components/Field';
import { PhotoField } from '../components/PhotoField';
import { ProfileForm } from '../components/ProfileForm';
import { ProfileView } from '../components/ProfileView';
import { ErrorState, LoadingState, Notice } from '../components/States';
import { draftFromProfile, newDraft, toProfileInput, type ProfileDraft } from '../lib/draft';
import { fieldErrorsOf } from '../lib/errors';
import { useOwnProfile } from '@/lib/shared-api';
import { useProgramme, useSaveProfile, useSubmitProfile } from '../hooks';
import { clearProgress, loadProgress, ONBOARDING_STEPS, saveProgress, type OnboardingProgress, type OnboardingStep } from '../lib/progress';
import type { OwnProfile, Programme, Role } from '../lib/types';
import formStyles from '../components/Form.module.css';
import styles from './Onboarding.module.css';
import pageStyles from './Page.module.css';

/** Where to pick up: the server's saved profile first, then this browser's progress, else the beginning. */
const resume = (own: OwnProfile, programme: Programme, stored: OnboardingProgress | null, name: string): OnboardingProgress => {
  if (own.onboarded) return { step: 'done', role: own.profile?.role ?? null, acceptedVersion: own.codeOfConductVersion, draft: null };
  if (own.profile) {
    const acceptedVersion = own.codeOfConductVersion === programme.codeOfConductVersion ? own.codeOfConductVersion : null;
    const step = !acceptedVersion ? 'conduct' : stored && ['profile', 'photo', 'review'].includes(stored.step) ? stored.step : 'photo';
    return { step, role: own.profile.role, acceptedVersion, draft: stored?.draft?.role === own.profile.role ? stored.draft : draftFromProfile(own.profile) };
  }
  if (stored && stored.step !== 'done') {
    const acceptedVersion = stored.acceptedVersion === programme.codeOfConductVersion ? stored.acceptedVersion : null;
    const step = stored.step === 'role' || !stored.role ? 'role' : !acceptedVersion ? 'conduct' : 'profile';
    return { ...stored, step, acceptedVersion, draft: stored.draft ?? (stored.role ? newDraft(stored.role, name) : null) };
  }
  return { step: 'role', role: null, acceptedVersion: null, draft: null };
};

const StepIndicator = ({ step }: { step: OnboardingStep }) => {
  const current = ONBOARDING_STEPS.indexOf(step as (typeof ONBOARDING_STEPS)[number]);
  return (
    <ol className={styles.steps} aria-label={copy.onboarding.stepOf(current + 1, ONBOARDING_STEPS.length)}>
      {ONBOARDING_STEPS.map((name, index) => (
        <li key={name} className={index < current ? styles.stepDone : index === current ? styles.stepCurrent : styles.step} aria-current={index === current ? 'step' : undefined}>
          <span className={styles.stepNumber} aria-hidden="true">
            {index < current ? '✓' : index + 1}
          </span>
          <span className={styles.stepName}>{copy.onboarding.steps[name]}</span>
        </li>
      ))}
    </ol>
  );
};

/** /onboarding: role, code of conduct, profile, photo, check and send, then what happens next. */
export const OnboardingPage = () => {
  const { user } = useAuth();
  const userId = user?.id ?? 'anonymous';
  const own = useOwnProfile();
  const programme = useProgramme();
  const [progress, setProgress] = useState<OnboardingProgress | null>(null);

  useEffect(() => {
    if (progress || !own.data || !programme.data) return;
    setProgress(resume(own.data, programme.data, loadProgress(userId), user?.name ?? ''));
  }, [own.data, programme.data, progress, userId, user?.name]);

  useEffect(() => {
    if (!progress) return;
    if (progress.step === 'done') clearProgress(userId);
    else saveProgress(userId, progress);
  }, [progress, userId]);

  const headingRef = useRef<HTMLHeadingElement>(null);
  const previousStep = useRef<OnboardingStep | null>(null);
  // Each new step starts at its heading, so a screen reader or keyboard user is not left on a vanished button.
  useEffect(() => {
    if (!progress) return;
    if (previousStep.current && previousStep.current !== progress.step) {
      headingRef.current?.focus();
      window.scrollTo({ top: 0 });
    }
    previousStep.current = progress.step;
  }, [progress]);

  if (own.error || programme.error) {
    return (
      <div className={pageStyles.page}>
        <h1>{copy.onboarding.heading}</h1>
        <ErrorState error={own.error ?? programme.error} onRetry={() => void (own.error ? own.refetch() : programme.refetch())} />
      </div>
    );
  }
  if (!progress || !own.data || !programme.data) {
    return (
      <div className={pageStyles.page}>
        <h1>{copy.onboarding.heading}</h1>
        <LoadingState />
      </div>
    );
  }

  const go = (patch: Partial<OnboardingProgress>) => setProgress((current) => (current ? { ...current, ...patch } : current));
  const props = { progress, go, headingRef, own: own.data, programme: programme.data };

  return (
    <div className={pageStyles.page}>
      <header className={pageStyles.header}>
        <h1>{progress.step === 'done' ? copy.onboarding.title : copy.onboarding.heading}</h1>
        {progress.step !== 'done' && <p className={pageStyles.intro}>{copy.onboarding.intro}</p>}
      </header>
      {progress.step !== 'done' && <StepIndicator step={progress.step} />}
      {progress.step === 'role' && <RoleStep {...props} name={user?.name ?? ''} />}
      {progress.step === 'conduct' && <ConductStep {...props} />}
      {progress.step === 'profile' && <ProfileStep {...props} />}
      {progress.step === 'photo' && <PhotoStep {...props} />}
      {progress.step === 'review' && <ReviewStep {...props} />}
      {progress.step === 'done' && <DoneStep {...props} />}
    </div>
  );
};

interface StepProps {
  progress: OnboardingProgress;
  go: (patch: Partial<OnboardingProgress>) => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  own: OwnProfile;
  programme: Programme;
}

const StepHeading = ({ headingRef, children }: { headingRef: StepProps['headingRef']; children: string }) => (
  <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
    {children}
  </h2>
);

const RoleStep = ({ progress, go, headingRef, name }: StepProps & { name: string }) => {
  const [role, setRole] = useState<Role | null>(progress.role);
  const [error, setError] = useState('');
  const groupRef = useRef<HTMLFieldSetElement>(null);
  const next = () => {
    if (!role) {
      setError(copy.validation.role);
      groupRef.current?.querySelector('input')?.focus();
      return;
    }
    const draft = progress.draft ? { ...progress.draft, role } : newDraft(role, name);
    go({ role, draft, step: 'conduct' });
  };
  return (
    <section className={styles.card}>
      <StepHeading headingRef={headingRef}>{copy.onboarding.steps.role}</StepHeading>
      <fieldset ref={groupRef} className={formStyles.fieldset} aria-describedby={error ? 'role-error' : 'role-note'}>
        <legend className={`${formStyles.label} ${formStyles.subLegend}`}>{copy.onboarding.role.legend}</legend>
        <div className={styles.roles}>
          {(['mentee', 'mentor'] as const).map((option) => (
            <label key={option} className={styles.role}>
              <input
                type="radio"
                name="role"
                value={option}
                checked={role === option}
                aria-invalid={error ? true : undefined}
                aria-describedby={`role-${option}-text`}
                onChange={() => {
                  setRole(option);
                  setError('');
                }}
              />
              <span className={styles.roleTitle}>{copy.onboarding.role[option].title}</span>
              <span id={`role-${option}-text`} className={styles.roleText}>
                {copy.onboarding.role[option].text}
              </span>
            </label>
          ))}
        </div>
        <p id="role-note" className={formStyles.hint}>
          {copy.onboarding.role.note}
        </p>
        {error && (
          <p id="role-error" className={formStyles.error} role="alert">
            {error}
          </p>
        )}
      </fieldset>
      <div className={formStyles.actions}>
        <Button onClick={next}>{copy.common.continue}</Button>
      </div>
    </section>
  );
};

const ConductStep = ({ progress, go, headingRef, programme, own }: StepProps) => {
  const [accepted, setAccepted] = useState(progress.acceptedVersion === programme.codeOfConductVersion);
  const [error, setError] = useState('');
  const changed = own.codeOfConductVersion !== null && own.codeOfConductVersion !== programme.codeOfConductVersion;
  const next = () => {
    if (!accepted) {
      setError(copy.validation.codeOfConduct);
      document.getElementById('conduct-accept')?.focus();
      return;
    }
    go({ acceptedVersion: programme.codeOfConductVersion, step: 'profile' });
  };
  return (
    <section className={styles.card}>
      <StepHeading headingRef={headingRef}>{copy.onboarding.steps.conduct}</StepHeading>
      {changed && <Notice tone="warning">{copy.onboarding.conductChanged}</Notice>}
      <p>{copy.onboarding.conduct.intro(programme.name)}</p>
      <div className={styles.conduct} tabIndex={0} role="region" aria-label={copy.onboarding.steps.conduct}>
        {programme.codeOfConduct}
      </div>
      <CheckboxField
        id="conduct-accept"
        label={copy.onboarding.conduct.accept}
        error={error}
        checked={accepted}
        onChange={(event) => {
          setAccepted(event.target.checked);
          setError('');
        }}
      />
      <div className={formStyles.actions}>
        <Button onClick={next}>{copy.common.continue}</Button>
        <Button variant="secondary" onClick={() => go({ step: 'role' })}>
          {copy.common.back}
        </Button>
      </div>
    </section>
  );
};

const ProfileStep = ({ progress, go, headingRef, programme }: StepProps) => {
  const save = useSaveProfile();
  const [draft, setDraft] = useState<ProfileDraft>(progress.draft ?? newDraft(progress.role ?? 'mentee'));
  const update = (next: ProfileDraft) => {
    setDraft(next);
    go({ draft: next });
  };
  const submit = async (current: ProfileDraft) => {
    try {
      await save.mutateAsync(toProfileInput(current, progress.acceptedVersion ?? programme.codeOfConductVersion));
      go({ step: 'photo' });
    } catch (error) {
      // The code of conduct changed while they were filling in the form: read and accept the new one first.
      if (fieldErrorsOf(error).codeOfConductVersion) go({ step: 'conduct', acceptedVersion: null });
      else throw error;
    }
  };
  return (
    <section className={styles.card}>
      <StepHeading headingRef={headingRef}>{copy.onboarding.steps.profile}</StepHeading>
      <ProfileForm
        draft={draft}
        onChange={update}
        topics={programme.topics}
        onSubmit={submit}
        submitLabel={copy.onboarding.profile.save}
        idPrefix="onboarding"
        actions={
          <Button variant="secondary" onClick={() => go({ step: 'conduct' })}>
            {copy.common.back}
          </Button>
        }
      />
    </section>
  );
};

const PhotoStep = ({ go, headingRef, own }: StepProps) => (
  <section className={styles.card}>
    <StepHeading headingRef={headingRef}>{copy.onboarding.steps.photo}</StepHeading>
    <PhotoField name={own.profile?.displayName ?? ''} photoUrl={own.profile?.photoUrl ?? null} />
    <div className={formStyles.actions}>
      <Button onClick={() => go({ step: 'review' })}>{own.profile?.photoUrl ? copy.onboarding.photoStep.continue : copy.onboarding.photoStep.skip}</Button>
      <Button variant="secondary" onClick={() => go({ step: 'profile' })}>
        {copy.common.back}
      </Button>
    </div>
  </section>
);

const ReviewStep = ({ go, headingRef, own }: StepProps) => {
  const submit = useSubmitProfile();
  const profile = own.profile;
  if (!profile) return null;
  const mentor = profile.role === 'mentor';
  return (
    <section className={styles.card}>
      <StepHeading headingRef={headingRef}>{copy.onboarding.steps.review}</StepHeading>
      <p>{copy.onboarding.review.intro}</p>
      <div className={styles.preview}>
        <ProfileView profile={{ ...profile, openPlaces: undefined }} viewerZone={profile.timezone} level={2} reader="self" />
      </div>
      {submit.error && (
        <div role="alert" className={formStyles.summary}>
          <p className={formStyles.summaryTitle}>{errorMessage(submit.error)}</p>
        </div>
      )}
      <div className={formStyles.actions}>
        <Button disabled={submit.isPending} onClick={() => submit.mutate(undefined, { onSuccess: () => go({ step: 'done' }) })}>
          {mentor ? copy.onboarding.review.mentorSubmit : copy.onboarding.review.menteeSubmit}
        </Button>
        <Button variant="secondary" onClick={() => go({ step: 'profile' })}>
          {copy.onboarding.review.edit}
        </Button>
      </div>
    </section>
  );
};

const DoneStep = ({ headingRef, own }: StepProps) => {
  const mentor = own.profile?.role === 'mentor';
  const pending = own.approval?.state === 'pending';
  const [heading, text] = mentor
    ? [copy.onboarding.done.mentorHeading, copy.onboarding.done.mentorText]
    : pending
      ? [copy.onboarding.done.menteePendingHeading, copy.onboarding.done.menteePendingText]
      : [copy.onboarding.done.menteeHeading, copy.onboarding.done.menteeText];
  return (
    <section className={`${styles.card} ${styles.done}`}>
      <span className={styles.doneMark} aria-hidden="true">
        ✓
      </span>
      <StepHeading headingRef={headingRef}>{heading}</StepHeading>
      <p>{text}</p>
      <div className={formStyles.actions}>
        {!mentor && !pending && <ButtonLink to="/mentors">{copy.onboarding.done.findMentor}</ButtonLink>}
        <ButtonLink to="/profile" variant={mentor || pending ? 'primary' : 'secondary'}>
          {copy.onboarding.done.viewProfile}
        </ButtonLink>
      </div>
    </section>
  );
};

export default OnboardingPage;
