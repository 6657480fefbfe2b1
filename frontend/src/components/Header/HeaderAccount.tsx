import { NavLink } from 'react-router';
import { buttonClass } from '../Button/Button';
import styles from './Header.module.css';

/**
 * The header's account area. For visitors: login and sign up. The Accounts feature replaces its body with
 * the signed-in user's name and sign out; the header does not need to change.
 */
export const HeaderAccount = () => (
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
