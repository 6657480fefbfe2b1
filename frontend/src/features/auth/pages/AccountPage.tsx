import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { passwordProblems } from '@mentoring/shared/auth';
import { personNameSchema } from '@mentoring/shared/names';
import { Button } from '@/components/Button/Button';
import { PageHeader } from '@/components/PageHeader/PageHeader';
import { useSafetySlots } from '@/lib/safety-slots';
import { loadAuth } from '@/lib/auth/amplify';
import { signedInMemberQuery } from '../api';
import { authMessages } from '../copy';
import { useAuth } from '@/lib/auth/useAuth';
import { Field, FormError, FormNotice, useFormAction } from './form';
import styles from './AccountPage.module.css';

const Card = ({ id, title, children }: { id: string; title: string; children: ReactNode }) => (
  <section className={styles.card} aria-labelledby={id}>
    <h2 id={id} className={styles.cardTitle}>
      {title}
    </h2>
    {children}
  </section>
);

/** The e-mail address the member signs in with, and whether the API accepted their sign-in. */
const SignInCard = () => {
  const { user } = useAuth();
  const verified = useQuery(signedInMemberQuery());

  return (
    <Card id="account-sign-in" title="Sign-in">
      <dl className={styles.facts}>
        <dt>E-mail</dt>
        <dd className={styles.email}>{user?.email}</dd>
      </dl>
      <p role="status" data-testid="api-identity" className={styles.muted}>
        {verified.isPending
          ? 'Checking your sign-in…'
          : verified.isError
            ? 'We could not confirm your sign-in. Please sign out and sign in again.'
            : `You are signed in as ${verified.data.email ?? verified.data.id}.`}
      </p>
    </Card>
  );
};

/** The name other members see; saved in the user pool, and the header shows it at once. */
const NameCard = () => {
  const { user, refresh } = useAuth();
  const [name, setName] = useState(user?.name ?? '');
  const { error, setError, notice, setNotice, busy, run } = useFormAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The same name rules as the profile's (shared/src/names.ts): Cognito itself takes any text.
    const checked = personNameSchema().safeParse(name);
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? authMessages.missingName);
    const wanted = checked.data;
    return run(async () => {
      const { api } = await loadAuth();
      await api.updateUserAttributes({ userAttributes: { name: wanted } });
      await refresh();
      setNotice(authMessages.nameSaved);
    });
  };

  return (
    <Card id="account-name" title="Your name">
      <form onSubmit={submit} noValidate aria-busy={busy} className={styles.form}>
        <Field label="Name" hint="Other members see this name." autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        <FormError message={error} />
        <FormNotice message={notice} />
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? 'Saving…' : 'Save name'}
          </Button>
        </div>
      </form>
    </Card>
  );
};

/** A new password, proven by the current one (Cognito's ChangePassword, through Amplify's updatePassword). */
const PasswordCard = () => {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const { error, setError, notice, setNotice, busy, run } = useFormAction();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!current) return setError(authMessages.missingCurrentPassword);
    const missing = passwordProblems(next);
    if (missing.length) return setError(authMessages.weakPassword(missing));
    if (next === current) return setError(authMessages.samePassword);
    return run(
      async () => {
        const { api } = await loadAuth();
        await api.updatePassword({ oldPassword: current, newPassword: next });
        setCurrent('');
        setNext('');
        setNotice(authMessages.passwordUpdated);
      },
      { password: next, changingPassword: true },
    );
  };

  return (
    <Card id="account-password" title="Password">
      <form onSubmit={submit} noValidate aria-busy={busy} className={styles.form}>
        <Field label="Current password" type="password" autoComplete="current-password" value={current} onChange={(event) => setCurrent(event.target.value)} />
        <Field
          label="New password"
          hint={authMessages.passwordRules}
          type="password"
          autoComplete="new-password"
          value={next}
          onChange={(event) => setNext(event.target.value)}
        />
        <FormError message={error} />
        <FormNotice message={notice} />
        <div className={styles.actions}>
          <Button type="submit" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
    </Card>
  );
};

/** /account: the member's name, sign-in e-mail and password; below them what the app adds (your data). */
export const AccountPage = () => {
  const { accountSections } = useSafetySlots();
  return (
    <>
      <PageHeader title="Your account" lead="Your name, the e-mail address you sign in with, and your password." />
      <div className={styles.cards}>
        <NameCard />
        <SignInCard />
        <PasswordCard />
        {/* The photo is edited with the profile (/profile); e-mail notification choices have no API yet, so no control stands here. */}
      </div>
      {accountSections && <div className={styles.cards}>{accountSections}</div>}
    </>
  );
};

export default AccountPage;
