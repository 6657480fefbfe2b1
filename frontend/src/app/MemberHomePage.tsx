import { Link } from 'react-router';
import { useAuth } from '../features/auth/useAuth';
import { useOnboardingRedirect } from '../features/mentoring/onboarding-redirect';
import pageStyles from '../pages/Page.module.css';
import styles from './MemberHomePage.module.css';

const shortcuts = [
  { to: '/messages', title: 'Messages', text: 'Pick up a conversation with your mentor or mentee, or start a new one.' },
  { to: '/calls', title: 'Calls', text: 'Start a video call, ring someone, or join by a link.' },
  { to: '/sessions', title: 'Past sessions', text: 'Watch recordings and read transcripts of your calls.' },
] as const;

/** The signed-in area's Home: where the sidebar starts. */
export const MemberHomePage = () => {
  const { user } = useAuth();
  useOnboardingRedirect();
  return (
    <section aria-labelledby="member-home-heading">
      <h1 id="member-home-heading" className={styles.heading}>
        Welcome back{user ? `, ${user.name}` : ''}
      </h1>
      <ul className={pageStyles.cards}>
        {shortcuts.map(({ to, title, text }) => (
          <li key={to} className={pageStyles.card}>
            <Link to={to} className={styles.cardLink}>
              {title}
            </Link>
            <p>{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
};

export default MemberHomePage;
