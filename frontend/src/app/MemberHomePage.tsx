import { Link } from 'react-router';
import { Icon, type IconName } from '../components/Icon/Icon';
import { PageHeader } from '../components/PageHeader/PageHeader';
import { useAuth } from '../lib/auth/useAuth';
import { useLandingRedirect } from '../features/mentoring/onboarding-redirect';
import { useUnreadMessages } from '../features/chat';
import { HomeGroupSessions } from '../features/group-sessions';
import { NextSteps } from './NextSteps';
import styles from './MemberHomePage.module.css';

const shortcuts: { to: string; title: string; text: string; icon: IconName }[] = [
  { to: '/messages', title: 'Messages', text: 'Pick up a conversation with your mentor or mentee, or start a new one.', icon: 'chat' },
  { to: '/calls', title: 'Calls', text: 'Start a video call, ring someone, or join by a link.', icon: 'video' },
  { to: '/sessions', title: 'Sessions', text: 'Your booked sessions, coming and past.', icon: 'calendar' },
  { to: '/group-sessions', title: 'Group sessions', text: 'Workshops and open circles: sign up for a place.', icon: 'people' },
];

/** The signed-in area's Home: what the member must do next first, then the way to each section. */
export const MemberHomePage = () => {
  const { user } = useAuth();
  useLandingRedirect();
  const unread = useUnreadMessages();
  return (
    <>
      <PageHeader title={`Welcome back${user ? `, ${user.name}` : ''}`} lead="Here is what needs you next." />
      <section aria-labelledby="home-next" className={styles.next}>
        <h2 id="home-next" className={styles.sectionTitle}>
          Next for you
        </h2>
        <NextSteps />
      </section>
      <HomeGroupSessions />
      <section aria-labelledby="home-shortcuts">
        <h2 id="home-shortcuts" className={styles.sectionTitle}>
          Shortcuts
        </h2>
        <ul className={styles.cards}>
          {shortcuts.map(({ to, title, text, icon }) => (
            <li key={to} className={styles.card}>
              <span className={styles.icon}>
                <Icon name={icon} size={20} />
              </span>
              <h3 className={styles.title}>
                <Link to={to} className={styles.link}>
                  {title}
                </Link>
              </h3>
              <p className={styles.text}>{text}</p>
              {to === '/messages' && unread !== null && unread > 0 && (
                <p className={styles.badge} data-testid="unread-messages">
                  {unread === 1 ? '1 unread message' : `${unread} unread messages`}
                </p>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
};

export default MemberHomePage;
