import { NavLink } from 'react-router';
import { buttonClass } from '../Button/Button';
import styles from './Header.module.css';

/**
 * The header's account area: the signed-in member's name and Sign out, otherwise Login and Sign up. It knows no
 * session: the app gives it the member's name once signed in (app/HeaderAccount.tsx), and until then (while the
 * session is read, and in prerendered HTML) visitors' links show, so nothing jumps for them.
 */
export const HeaderAccount = ({ memberName, onSignOut }: { memberName?: string | null; onSignOut?: () => void | Promise<void> }) => {
  if (memberName != null) {
    return (
      <ul className={styles.account}>
        <li>
          <NavLink to="/home" className={styles.link} data-testid="header-user-name">
            {memberName}
          </NavLink>
        </li>
        <li>
          <button
            type="button"
            className={buttonClass('secondary', styles.signUp)}
            onClick={() => void onSignOut?.()}
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
