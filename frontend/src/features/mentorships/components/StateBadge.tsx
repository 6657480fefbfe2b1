import { MENTORSHIP_STATE_LABELS, type MentorshipState } from '@mentoring/shared/mentorship';
import { isOpenRequest, isUnderWay } from '../model';
import styles from '../mentorships.module.css';

const tone = (state: MentorshipState) => (isOpenRequest(state) ? 'open' : isUnderWay(state) ? 'active' : 'closed');

export const StateBadge = ({ state }: { state: MentorshipState }) => (
  <span className={styles.badge} data-tone={tone(state)} data-state={state}>
    {MENTORSHIP_STATE_LABELS[state]}
  </span>
);
