import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loadAuth } from '@/lib/auth/amplify';
import { authErrorMessage } from '../errors';
import { authMessages } from '../copy';
import { DEFAULT_NEXT, safeNext } from '@/lib/auth/RequireAuth';
import { useAuth } from '@/lib/auth/useAuth';
import { useHydrated } from '@/lib/use-hydrated';
import { Field, FormError, FormNotice } from './form';

/** /login: e-mail and password; back to `next` once signed in. */
export const LoginPage = () => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  // Uncontrolled: /login is prerendered, and what a visitor types before the page hydrates must still count (React
  // resets a controlled input to its state when it hydrates); Sign in waits for hydration, and no field has a `name`,
  // so even a submit the browser made itself would send nothing.
  const emailInput = useRef<HTMLInputElement>(null);
  const passwordInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const next = safeNext(params.get('next'));
  const notice = params.get('reset') === 'done' ? authMessages.passwordChanged : params.get('confirmed') ? authMessages.confirmed : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const email = emailInput.current?.value ?? '';
    const password = passwordInput.current?.value ?? '';
    if (!email.trim()) return setError(authMessages.missingEmail);
    if (!password) return setError(authMessages.missingPassword);
    setBusy(true);
    try {
      const { api, authFlowType } = await loadAuth();
      const result = await api.signIn({ username: email.trim(), password, options: { authFlowType } });
      if (result.nextStep.signInStep === 'CONFIRM_SIGN_UP') {
        navigate(`/signup?step=confirm&email=${encodeURIComponent(email.trim())}&next=${encodeURIComponent(next)}`);
        return;
      }
      if (!result.isSignedIn) throw new Error(`Unsupported sign-in step ${result.nextStep.signInStep}`);
      await refresh();
      navigate(next, { replace: true });
    } catch (caught) {
      if ((caught as { name?: string }).name === 'UserAlreadyAuthenticatedException') {
        await refresh();
        navigate(next, { replace: true });
        return;
      }
      setError(authErrorMessage(caught, { signingIn: true }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-page">
      <h1>Sign in</h1>
      <form onSubmit={submit} noValidate aria-busy={busy}>
        <FormNotice message={notice} />
        <Field label="E-mail" type="email" autoComplete="username" ref={emailInput} defaultValue={params.get('email') ?? ''} />
        <Field label="Password" type="password" autoComplete="current-password" ref={passwordInput} />
        <FormError message={error} />
        <button type="submit" disabled={busy || !hydrated}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <p>
        <Link to="/forgot-password">Forgot your password?</Link>
      </p>
      <p>
        New here? <Link to={`/signup${next === DEFAULT_NEXT ? '' : `?next=${encodeURIComponent(next)}`}`}>Create an account</Link>
      </p>
    </section>
  );
};

export default LoginPage;
