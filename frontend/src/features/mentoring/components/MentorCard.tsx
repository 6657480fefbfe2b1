import { Link } from 'react-router';
import { copy } from '../copy';
import { languageName } from '../lib/reference';
import { hoursApart } from '../lib/time';
import type { MentorCardData } from '../lib/types';
import { AvailabilityGlance } from './AvailabilityList';
import { Avatar } from '@/components/Avatar/Avatar';
import { Tags } from './Tags';
import styles from './MentorCard.module.css';
import { MentorActionsSlot } from '../slots';
import { zoneLabel } from '@/lib/datetime';

const SHOWN_TOPICS = 4;

/** One mentor in the directory: the whole card opens their profile (the name is the one link), except its actions. */
export const MentorCard = ({ mentor, viewerZone }: { mentor: MentorCardData; viewerZone: string }) => {
  const apart = hoursApart(mentor.timezone, viewerZone);
  const topics = mentor.topics.slice(0, SHOWN_TOPICS);
  const more = mentor.topics.length - topics.length;
  return (
    <article className={styles.card} aria-labelledby={`mentor-${mentor.id}`}>
      <div className={styles.top}>
        <Avatar name={mentor.displayName} photoUrl={mentor.photoUrl} />
        <div className={styles.who}>
          <h3 id={`mentor-${mentor.id}`} className={styles.name}>
            <Link to={`/mentors/${encodeURIComponent(mentor.id)}`} className={styles.link}>
              {mentor.displayName}
            </Link>
          </h3>
          {mentor.headline && <p className={styles.headline}>{mentor.headline}</p>}
        </div>
      </div>
      {mentor.match && mentor.match.reasons.length > 0 && (
        <p className={styles.match}>
          <span className="visually-hidden">{copy.directory.card.matchLabel}: </span>
          {mentor.match.reasons.join(' · ')}
        </p>
      )}
      <Tags items={[...topics, ...(more > 0 ? [`+${more}`] : [])]} label={copy.mentorPage.topics} tone="accent" />
      <dl className={styles.facts}>
        <div>
          <dt>{copy.directory.card.speaks}</dt>
          <dd>{mentor.languages.map(languageName).join(', ')}</dd>
        </div>
        <div>
          <dt className="visually-hidden">{copy.fields.timezone.label}</dt>
          <dd>
            {copy.directory.card.apart(apart)}
            <span className={styles.zone}> · {zoneLabel(mentor.timezone)}</span>
          </dd>
        </div>
        <div>
          <dt className="visually-hidden">{copy.mentorPage.format}</dt>
          <dd>
            {copy.formats[mentor.format]}
            {mentor.format !== 'online' && mentor.city ? ` · ${mentor.city}` : ''}
          </dd>
        </div>
      </dl>
      <AvailabilityGlance windows={mentor.availability} from={mentor.timezone} to={viewerZone} />
      <div className={styles.actions}>
        <MentorActionsSlot.Slot mentor={mentor} />
      </div>
    </article>
  );
};

/** The shape of a card while the directory loads. */
export const MentorCardSkeleton = () => (
  <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true">
    <div className={styles.top}>
      <span className={styles.skeletonAvatar} />
      <div className={styles.who}>
        <span className={styles.skeletonLine} style={{ width: '60%' }} />
        <span className={styles.skeletonLine} style={{ width: '85%' }} />
      </div>
    </div>
    <span className={styles.skeletonLine} style={{ width: '90%' }} />
    <span className={styles.skeletonLine} style={{ width: '70%' }} />
    <span className={styles.skeletonLine} style={{ width: '50%' }} />
  </div>
);
