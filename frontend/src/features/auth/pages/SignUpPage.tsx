import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { passwordProblems } from '@mentoring/shared/auth';
import { loadAuth } from '@/lib/auth/amplify';
import { authMessages } from '../copy';
import { DEFAULT_NEXT, safeNext } from '@/lib/auth/RequireAuth';
import { useAuth } from '@/lib/auth/useAuth';
import { useHydrated } from '@/lib/use-hydrated';
import { Field, FormError, FormNotice, useFormAction } from './form';

/** /signup: name, e-mail and password, then the code from the e-mail (which can be sent again). */
export const SignUpPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const next = safeNext(params.get('next'));
  const [step, setStep] = useState<'details' | 'confirm'>(params.get('step') === 'confirm' ? 'confirm' : 'details');
  // The details are uncontrolled, as on /login: /signup is prerendered, and what a visitor types before it hydrates
  // must count. Sign up waits for hydration. The e-mail and password are kept for the confirmation step.
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const { error, setError, notice, setNotice, busy, run } = useFormAction();
  const [askEmail] = useState(params.get('step') === 'confirm' && !params.get('email'));


  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    // The same name rules as the profile's (shared/src/names.ts): Cognito itself takes any text. The schema library
    // they need loads on the first submit, not with the page (a public page's first load stays small).
    const { personNameSchema } = await import('@mentoring/shared/names');
    const checkedName = personNameSchema().safeParse(nameInput.current?.value ?? '');
    if (!checkedName.success) return setError(checkedName.error.issues[0]?.message ?? authMessages.missingName);
    const address = (emailInput.current?.value ?? '').trim();
    const secret = passwordInput.current?.value ?? '';
    if (!address) return setError(authMessages.missingEmail);
    const missing = passwordProblems(secret);
    if (missing.length) return setError(authMessages.weakPassword(missing));
    setEmail(address);
    setPassword(secret);
    return run(
      async () => {
        const { api } = await loadAuth();
        const result = await api.signUp({
          username: address,
          password: secret,
          options: { userAttributes: { email: address, name: checkedName.data } },
        });
        if (result.nextStep.signUpStep === 'CONFIRM_SIGN_UP') {
          setStep('confirm');
          setNotice(authMessages.codeSent(address));
        } else {
          await signInAfterConfirmation(address, secret);
        }
      },
      { password: secret },
    );
  };

  const signInAfterConfirmation = async (address: string, secret: string) => {
    if (!secret) {
      // Came back to confirm later (e.g. from the sign-in form): the password is not known here.
      navigate(`/login?confirmed=1&email=${encodeURIComponent(address)}&next=${encodeURIComponent(next)}`, { replace: true });
      return;
    }
    const { api, authFlowType } = await loadAuth();
    await api.signIn({ username: address, password: secret, options: { authFlowType } });
    await refresh();
    navigate(next, { replace: true });
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(authMessages.missingCode);
    return run(async () => {
      const { api } = await loadAuth();
      await api.confirmSignUp({ username: email.trim(), confirmationCode: code.trim() });
      await signInAfterConfirmation(email.trim(), password);
    });
  };

  const resend = () =>
    run(async () => {
      const { api } = await loadAuth();
      await api.resendSignUpCode({ username: email.trim() });
      setNotice(authMessages.codeResent(email.trim()));
    });

  if (step === 'confirm') {
    return (
      <section className="auth-page">
        <h1>Confirm your e-mail address</h1>
        <form onSubmit={submitCode} noValidate aria-busy={busy}>
          <FormNotice message={notice} />
          {askEmail ? (
            <Field label="E-mail" type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
          ) : null}
          <Field
            label="Confirmation code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <FormError message={error} />
          <button type="submit" disabled={busy}>
            Confirm
          </button>
          <button type="button" onClick={resend} disabled={busy}>
            Send a new code
          </button>
        </form>
      </section>
    );
  }

  return (
    <section className="auth-page">
      <h1>Create an account</h1>
      <form onSubmit={submitDetails} noValidate aria-busy={busy}>
        <Field label="Name" autoComplete="name" ref={nameInput} />
        <Field label="E-mail" type="email" autoComplete="username" ref={emailInput} defaultValue={params.get('email') ?? ''} />
        <Field label="Password" type="password" autoComplete="new-password" hint={authMessages.passwordRules} ref={passwordInput} />
        <FormError message={error} />
        <button type="submit" disabled={busy || !hydrated}>
          {busy ? 'Creating your account…' : 'Sign up'}
        </button>
      </form>
      <p>
        Already have an account? <Link to={`/login${next === DEFAULT_NEXT ? '' : `?next=${encodeURIComponent(next)}`}`}>Sign in</Link>
      </p>
    </section>
  );
};

export default SignUpPage;
