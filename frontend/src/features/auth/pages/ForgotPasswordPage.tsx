import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { passwordProblems } from '@mentoring/shared/auth';
import { loadAuth } from '@/lib/auth/amplify';
import { authMessages } from '../copy';
import { Field, FormError, FormNotice, useFormAction } from './form';

/** /forgot-password: ask for a code by e-mail, then set a new password with it. */
export const ForgotPasswordPage = () => {
  const navigate = useNavigate();
  const [step, setStep] = useState<'request' | 'reset'>('request');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const { error, setError, notice, setNotice, busy, run } = useFormAction();


  const requestCode = (event?: FormEvent) => {
    event?.preventDefault();
    if (!email.trim()) return setError(authMessages.missingEmail);
    return run(async () => {
      const { api } = await loadAuth();
      await api.resetPassword({ username: email.trim() });
      setStep('reset');
      setNotice(authMessages.codeSent(email.trim()));
    });
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) return setError(authMessages.missingCode);
    const missing = passwordProblems(password);
    if (missing.length) return setError(authMessages.weakPassword(missing));
    return run(
      async () => {
        const { api } = await loadAuth();
        await api.confirmResetPassword({ username: email.trim(), confirmationCode: code.trim(), newPassword: password });
        navigate(`/login?reset=done&email=${encodeURIComponent(email.trim())}`, { replace: true });
      },
      { password },
    );
  };

  return (
    <section className="auth-page">
      <h1>Reset your password</h1>
      {step === 'request' ? (
        <form onSubmit={requestCode} noValidate aria-busy={busy}>
          <Field label="E-mail" type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
          <FormError message={error} />
          <button type="submit" disabled={busy}>
            Send me a code
          </button>
        </form>
      ) : (
        <form onSubmit={reset} noValidate aria-busy={busy}>
          <FormNotice message={notice} />
          <Field label="Code" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
          <Field label="New password" type="password" autoComplete="new-password" hint={authMessages.passwordRules} value={password} onChange={(event) => setPassword(event.target.value)} />
          <FormError message={error} />
          <button type="submit" disabled={busy}>
            Set new password
          </button>
          <button type="button" onClick={() => requestCode()} disabled={busy}>
            Send a new code
          </button>
        </form>
      )}
      <p>
        <Link to="/login">Back to sign in</Link>
      </p>
    </section>
  );
};

export default ForgotPasswordPage;
