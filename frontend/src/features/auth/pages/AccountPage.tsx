import './auth.css';
import { useEffect, useState } from 'react';
import { useAuth } from '../useAuth';

interface ApiIdentity {
  id: string;
  email: string | null;
  name: string | null;
}

/** /account: a signed-in page showing the user and the identity the API verified from their token. */
export const AccountPage = () => {
  const { user, getIdToken } = useAuth();
  const [verified, setVerified] = useState<ApiIdentity | 'failed' | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const token = await getIdToken();
      const response = await fetch('/api/me', { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw new Error(`GET /api/me answered ${response.status}`);
      return (await response.json()) as ApiIdentity;
    })()
      .then((identity) => !cancelled && setVerified(identity))
      .catch(() => !cancelled && setVerified('failed'));
    return () => {
      cancelled = true;
    };
  }, [getIdToken]);

  return (
    <section className="account-page">
      <h1>Your account</h1>
      <dl>
        <dt>Name</dt>
        <dd>{user?.name}</dd>
        <dt>E-mail</dt>
        <dd>{user?.email}</dd>
      </dl>
      <p role="status" data-testid="api-identity">
        {verified === null
          ? 'Checking your sign-in…'
          : verified === 'failed'
            ? 'We could not confirm your sign-in. Please sign out and sign in again.'
            : `You are signed in as ${verified.email ?? verified.id}.`}
      </p>
    </section>
  );
};

export default AccountPage;
