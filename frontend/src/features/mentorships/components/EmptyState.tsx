import { ButtonLink } from '../../../components/Button/Button';
import styles from '../mentorships.module.css';

export const EmptyState = ({ title, text, action, to }: { title: string; text: string; action: string; to: string }) => (
  <section className={styles.empty} aria-labelledby="mentorships-empty">
    <h2 id="mentorships-empty">{title}</h2>
    <p>{text}</p>
    <ButtonLink to={to}>{action}</ButtonLink>
  </section>
);
