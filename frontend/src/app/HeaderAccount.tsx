import { useNavigate } from 'react-router';
import { HeaderAccount as AccountLinks } from '../components/Header/HeaderAccount';
import { useAuth } from '../lib/auth/useAuth';

/** The header's account area for the session there is: the member's name and Sign out once signed in. */
export const HeaderAccount = () => {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  return (
    <AccountLinks
      memberName={status === 'signedIn' && user ? user.name : null}
      onSignOut={async () => {
        await signOut();
        navigate('/');
      }}
    />
  );
};
