import { Link } from 'react-router';
import { ButtonLink } from '../components/Button/Button';
import { ErrorState, LoadingState } from '../components/StatePanel/StatePanel';
import { errorMessage } from '../lib/api-client';
import { useHomeData } from '../features/home/hooks';
import { browserZone } from '../features/scheduling/time';
import { calmFor, homeSteps } from './home-steps';
import styles from './MemberHomePage.module.css';

/** What needs the member now, by role and state, each with the one link where they act. */
export const NextSteps = ({ now = Date.now() }: { now?: number }) => {
  const { data, error, retry } = useHomeData();
  if (error)
    return (
      <ErrorState title="What is next for you did not load" onRetry={retry}>
        <p>{errorMessage(error)}</p>
      </ErrorState>
    );
  if (!data) return <LoadingState label="Looking at what is next for you…" />;
  const zone = data.own.profile?.timezone ?? browserZone();
  const steps = homeSteps(data, zone, now);
  if (steps.length === 0) {
    const calm = calmFor(data);
    return (
      <div className={styles.calm}>
        <p className={styles.stepText}>{calm.text}</p>
        <ButtonLink to={calm.link.to}>{calm.link.label}</ButtonLink>
      </div>
    );
  }
  return (
    <ul className={styles.steps} aria-label="What to do next">
      {steps.map((step) => (
        <li key={step.id} className={styles.step}>
          <p className={styles.stepText}>{step.text}</p>
          {step.now ? (
            <ButtonLink to={step.link.to}>{step.link.label}</ButtonLink>
          ) : (
            <Link to={step.link.to} className={styles.stepLink}>
              {step.link.label}
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
};

