import type { ReactNode, Ref } from 'react';
import { copy } from '../copy';
import { countryName, languageName } from '../lib/reference';
import { hoursApart } from '../lib/time';
import { zoneLabel } from '@/lib/datetime';
import type { AvailabilityWindow, Format } from '../lib/types';
import { AvailabilityList } from './AvailabilityList';
import { Avatar } from '@/components/Avatar/Avatar';
import { Tags } from './Tags';
import styles from './Profile.module.css';

export interface ViewedProfile {
  displayName: string;
  photoUrl: string | null;
  headline: string;
  bio: string;
  topics: readonly string[];
  languages: readonly string[];
  country: string;
  timezone: string;
  availability: readonly AvailabilityWindow[];
  format: Format;
  role: 'mentor' | 'mentee';
  yearsOfExperience?: number;
  city?: string | null;
  openPlaces?: number;
  acceptingRequests?: boolean;
  goals?: string;
}

/**
 * A profile as others read it: who, what they help with (or look for), languages, when they are free in
 * the viewer's own zone, and the facts. `level` is the heading level of the name (1 on the mentor page).
 */
export const ProfileView = ({
  profile,
  viewerZone,
  level = 1,
  headingRef,
  after,
  reader = 'others',
}: {
  profile: ViewedProfile;
  viewerZone: string;
  level?: 1 | 2;
  headingRef?: Ref<HTMLHeadingElement>;
  after?: ReactNode;
  /** Who reads it: the member previewing their own profile ("Your goals"), or anyone else (a coordinator, a mentor). */
  reader?: 'self' | 'others';
}) => {
  const Name = level === 1 ? 'h1' : 'h2';
  const Section = level === 1 ? 'h2' : 'h3';
  const mentor = profile.role === 'mentor';
  const apart = hoursApart(profile.timezone, viewerZone);
  const topicsHeading = mentor ? copy.mentorPage.topics : reader === 'self' ? copy.fields.topicsMentee.legend : copy.mentorPage.menteeTopics;
  return (
    <article className={styles.profile}>
      <header className={styles.identity}>
        <Avatar name={profile.displayName} photoUrl={profile.photoUrl} size="lg" />
        <div>
          <Name ref={headingRef} tabIndex={-1}>
            {profile.displayName}
          </Name>
          {profile.headline && <p className={styles.headline}>{profile.headline}</p>}
        </div>
      </header>
      <div>
        {profile.bio && (
          <section className={styles.block}>
            <Section>{copy.mentorPage.about}</Section>
            <p className={styles.bio}>{profile.bio}</p>
          </section>
        )}
        {!mentor && profile.goals && (
          <section className={styles.block}>
            <Section>{reader === 'self' ? copy.fields.goals.label : copy.mentorPage.goals}</Section>
            <p className={styles.bio}>{profile.goals}</p>
          </section>
        )}
        <section className={styles.block}>
          <Section>{topicsHeading}</Section>
          <Tags items={profile.topics} label={topicsHeading} tone="accent" />
        </section>
        <section className={styles.block}>
          <Section>{copy.mentorPage.availability}</Section>
          <p className={styles.muted}>{copy.mentorPage.availabilityIn(zoneLabel(viewerZone))}</p>
          <AvailabilityList windows={profile.availability} from={profile.timezone} to={viewerZone} />
          {profile.timezone !== viewerZone && (
            <p className={styles.muted}>{copy.mentorPage.theirTime(zoneLabel(profile.timezone), copy.directory.card.apart(apart))}</p>
          )}
        </section>
        {after}
      </div>
      <aside className={styles.aside} aria-label={copy.mentorPage.details}>
        <dl className={styles.facts}>
          <div>
            <dt>{copy.mentorPage.languages}</dt>
            <dd>{profile.languages.map(languageName).join(', ')}</dd>
          </div>
          {mentor && profile.yearsOfExperience !== undefined && (
            <div>
              <dt>{copy.mentorPage.experience}</dt>
              <dd>{copy.directory.card.experience(profile.yearsOfExperience)}</dd>
            </div>
          )}
          <div>
            <dt>{copy.mentorPage.format}</dt>
            <dd>{copy.formats[profile.format]}</dd>
          </div>
          <div>
            <dt>{copy.mentorPage.location}</dt>
            <dd>{[profile.format !== 'online' ? profile.city : null, countryName(profile.country)].filter(Boolean).join(', ')}</dd>
          </div>
          {mentor && profile.openPlaces !== undefined && (
            <div>
              <dt>{copy.mentorPage.openPlaces}</dt>
              <dd>
                {profile.acceptingRequests === false
                  ? copy.mentorPage.paused
                  : profile.openPlaces > 0
                    ? copy.directory.card.places(profile.openPlaces)
                    : copy.mentorPage.noPlaces}
              </dd>
            </div>
          )}
        </dl>
      </aside>
    </article>
  );
};
