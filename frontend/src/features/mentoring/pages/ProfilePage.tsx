import { useEffect, useState } from 'react';
import { Button, ButtonLink } from '@/components/Button/Button';
import { toast } from '@/components/Toast/toast';
import { errorMessage } from '@/lib/api-client';
import { copy } from '../copy';
import { CheckboxField } from '../components/Field';
import { PhotoField } from '../components/PhotoField';
import { ProfileForm } from '../components/ProfileForm';
import { ErrorState, LoadingState, Notice } from '../components/States';
import type { FieldErrors } from '../lib/errors';
import { draftFromProfile, toProfileInput, type ProfileDraft } from '../lib/draft';
import { useOwnProfile } from '@/lib/shared-api';
import { useProgramme, useSaveProfile, useSubmitProfile } from '../hooks';
import type { Approval, OwnProfile } from '../lib/types';
import formStyles from '../components/Form.module.css';
import onboardingStyles from './Onboarding.module.css';
import pageStyles from './Page.module.css';
import styles from './Profile.module.css';
import { useDates } from '@/lib/member-zone';

const tones = { draft: 'info', pending: 'info', approved: 'success', rejected: 'danger' } as const;

const ApplicationState = ({ own, approval }: { own: OwnProfile; approval: Approval }) => {
  const dates = useDates();
  const submit = useSubmitProfile();
  const mentor = own.profile?.role === 'mentor';
  const canSend = approval.state === 'rejected' || approval.state === 'draft';
  return (
    <section aria-labelledby="application-heading">
      <Notice tone={tones[approval.state]}>
        <h2 id="application-heading" className={styles.stateHeading}>
          {mentor ? copy.profilePage.applicationHeading : copy.profilePage.menteeStatusHeading}
          <span className={`${styles.badge} ${styles[approval.state]}`}>{copy.approval[approval.state]}</span>
        </h2>
        <p>{copy.profilePage.state[approval.state]}</p>
        {(approval.submittedAt || approval.decidedAt) && (
          <p className={styles.dates}>
            {[approval.submittedAt && copy.profilePage.submitted(dates.longDate(approval.submittedAt)), approval.decidedAt && copy.profilePage.decided(dates.longDate(approval.decidedAt))]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
        {approval.note && (
          <figure className={styles.note}>
            <figcaption>{copy.profilePage.coordinatorNote}</figcaption>
            <blockquote>{approval.note}</blockquote>
          </figure>
        )}
        {canSend && (
          <>
            {approval.state === 'rejected' && <p className={formStyles.hint}>{copy.profilePage.resubmitHint}</p>}
            {submit.error && (
              <p role="alert" className={formStyles.error}>
                {errorMessage(submit.error)}
              </p>
            )}
            <Button disabled={submit.isPending} onClick={() => submit.mutate(undefined, { onSuccess: () => toast.success(copy.profilePage.resubmitted) })}>
              {approval.state === 'rejected' ? copy.profilePage.resubmit : copy.profilePage.submit}
            </Button>
          </>
        )}
        {mentor && approval.state === 'approved' && own.profile && (
          <ButtonLink to={`/mentors/${encodeURIComponent(own.profile.id)}`} variant="secondary">
            {copy.profilePage.viewPublic}
          </ButtonLink>
        )}
      </Notice>
    </section>
  );
};

/** /profile: the member's own profile with the onboarding's form, their application's state, and a resubmit after a rejection. */
export const ProfilePage = () => {
  const own = useOwnProfile();
  const programme = useProgramme();
  const save = useSaveProfile();
  const [draft, setDraft] = useState<ProfileDraft | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [conductError, setConductError] = useState('');

  useEffect(() => {
    if (!draft && own.data?.profile) setDraft(draftFromProfile(own.data.profile));
  }, [own.data, draft]);

  const heading = (
    <header className={pageStyles.header}>
      <h1>{copy.profilePage.heading}</h1>
    </header>
  );
  if (own.error || programme.error) {
    return (
      <div className={pageStyles.page}>
        {heading}
        <ErrorState error={own.error ?? programme.error} onRetry={() => void (own.error ? own.refetch() : programme.refetch())} />
      </div>
    );
  }
  if (!own.data || !programme.data) {
    return (
      <div className={pageStyles.page}>
        {heading}
        <LoadingState />
      </div>
    );
  }
  if (!own.data.profile || !draft) {
    return (
      <div className={pageStyles.page}>
        {heading}
        <p>{copy.profilePage.notStarted}</p>
        <p>
          <ButtonLink to="/onboarding">{copy.profilePage.startOnboarding}</ButtonLink>
        </p>
      </div>
    );
  }

  const conductChanged = own.data.codeOfConductVersion !== programme.data.codeOfConductVersion;
  const conduct = conductChanged ? (
    <section className={formStyles.section} aria-labelledby="conduct-heading">
      <h2 id="conduct-heading" className={formStyles.legend}>
        {copy.profilePage.conductHeading}
      </h2>
      <p>{copy.profilePage.conductText}</p>
      <div className={onboardingStyles.conduct} tabIndex={0} role="region" aria-label={copy.onboarding.steps.conduct}>
        {programme.data.codeOfConduct}
      </div>
      <CheckboxField
        id="profile-codeOfConduct"
        label={copy.onboarding.conduct.accept}
        checked={accepted}
        error={conductError}
        onChange={(event) => {
          setAccepted(event.target.checked);
          setConductError('');
        }}
      />
    </section>
  ) : null;

  return (
    <div className={`${pageStyles.page} ${pageStyles.column}`}>
      {heading}
      {own.data.approval && (own.data.profile.role === 'mentor' || own.data.approval.state !== 'approved') && (
        <ApplicationState own={own.data} approval={own.data.approval} />
      )}
      <section className={formStyles.section} aria-label={copy.photo.legend}>
        <PhotoField name={own.data.profile.displayName} photoUrl={own.data.profile.photoUrl} />
      </section>
      <ProfileForm
        draft={draft}
        onChange={setDraft}
        topics={programme.data.topics}
        before={conduct}
        extraValidate={(): FieldErrors => {
          if (!conductChanged || accepted) return {};
          setConductError(copy.validation.codeOfConduct);
          return { codeOfConductVersion: copy.validation.codeOfConduct };
        }}
        onSubmit={async (current) => {
          await save.mutateAsync(toProfileInput(current, programme.data.codeOfConductVersion));
          toast.success(copy.profilePage.saved);
        }}
        submitLabel={copy.profilePage.save}
      />
    </div>
  );
};

export default ProfilePage;
