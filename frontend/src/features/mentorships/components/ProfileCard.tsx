import { useId } from 'react';
import type { MentorshipDetail } from '../model';
import { languageName } from '../model';
import { copy } from '../copy';
import styles from '../mentorships.module.css';
import { Avatar } from '@/components/Avatar/Avatar';
import { zoneLabel } from '@/lib/datetime';

type Profile = MentorshipDetail['mentorProfile'];

/** One side of the pair: who they are, the languages and time zone to meet in, and a mentee's goals. */
export const ProfileCard = ({ profile, isViewer }: { profile: Profile; isViewer: boolean }) => {
  const id = useId();
  return (
    <article className={styles.profile} aria-labelledby={id}>
      <div className={styles.profileHead}>
        <Avatar name={profile.displayName} photoUrl={profile.photoUrl} size="md" />
        <div>
          <p className={styles.role}>{profile.role === 'mentor' ? copy.detail.mentor : copy.detail.mentee}</p>
          <h3 id={id}>
            {profile.displayName}
            {isViewer ? copy.detail.you : ''}
          </h3>
          {profile.headline && <p className={styles.muted}>{profile.headline}</p>}
        </div>
      </div>
      <dl className={styles.facts}>
        <dt>{copy.detail.languages}</dt>
        <dd>{profile.languages.map(languageName).join(', ') || '—'}</dd>
        <dt>{copy.detail.timezone}</dt>
        <dd>{zoneLabel(profile.timezone)}</dd>
        {profile.topics.length > 0 && (
          <>
            <dt>{copy.detail.topics}</dt>
            <dd>{profile.topics.join(', ')}</dd>
          </>
        )}
      </dl>
      {profile.role === 'mentee' && profile.goals && (
        <div>
          <h4 className={styles.role}>{copy.detail.goals}</h4>
          <p className={styles.goals}>{profile.goals}</p>
        </div>
      )}
    </article>
  );
};
