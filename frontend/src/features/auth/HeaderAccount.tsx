import { Link, useNavigate } from 'react-router';
import { useAuth } from './useAuth';

/** The header's account corner: the user's name and Sign out, or the Login and Sign up links. */
export const HeaderAccount = () => {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  if (status === 'loading') return <div className="header-account" aria-busy="true" />;
  if (status === 'signedIn' && user) {
    return (
      <div className="header-account">
        <span className="header-account__name" data-testid="header-user-name">
          {user.name}
        </span>
        <button
          type="button"
          onClick={async () => {
            await signOut();
            navigate('/');
          }}
        >
          Sign out
        </button>
      </div>
    );
  }
  return (
    <div className="header-account">
      <Link to="/login">Login</Link>
      <Link to="/signup">Sign up</Link>
    </div>
  );
};
