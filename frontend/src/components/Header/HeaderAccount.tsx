import { NavLink, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/useAuth';
import { buttonClass } from '../Button/Button';
import styles from './Header.module.css';

/**
 * The header's account area: the signed-in member's name and Sign out, otherwise Login and Sign up.
 * While the session is being read (and in prerendered HTML) visitors' links show, so nothing jumps for them.
 */
export const HeaderAccount = () => {
  const { status, user, signOut } = useAuth();
  const navigate = useNavigate();
  if (status === 'signedIn' && user) {
    return (
      <ul className={styles.account}>
        <li>
          <NavLink to="/home" className={styles.link} data-testid="header-user-name">
            {user.name}
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            className={buttonClass('secondary', styles.signUp)}
            onClick={async () => {
              await signOut();
              navigate('/');
            }}
          >
            Sign out
          </button>
        </li>
      </ul>
    );
  }
  return (
    <ul className={styles.account}>
      <li>
        <NavLink to="/login" className={styles.link}>
          Login
        </NavLink>
      </li>
      <li>
        <NavLink to="/signup" className={buttonClass('primary', styles.signUp)}>
          Sign up
        </NavLink>
      </li>
    </ul>
  );
};
