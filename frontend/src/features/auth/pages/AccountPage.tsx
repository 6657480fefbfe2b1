import './auth.css';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/query';
import { useAuth } from '../useAuth';

/** /account: a signed-in page showing the user and the identity the API verified from their token. */
export const AccountPage = () => {
  const { user } = useAuth();
  const verified = useQuery(apiQuery('GET /api/me'));

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
        {verified.isPending
          ? 'Checking your sign-in…'
          : verified.isError
            ? 'We could not confirm your sign-in. Please sign out and sign in again.'
            : `You are signed in as ${verified.data.email ?? verified.data.id}.`}
      </p>
    </section>
  );
};

export default AccountPage;
