import { initials } from '../model';
import styles from '../mentorships.module.css';

/** A member's photo, or their initials on the brand colour; decorative, since the name is always next to it. */
export const Avatar = ({ name, photoUrl, large = false }: { name: string; photoUrl: string | null; large?: boolean }) => {
  const className = [styles.avatar, large && styles.avatarLarge].filter(Boolean).join(' ');
  return photoUrl ? (
    <img className={className} src={photoUrl} alt="" width={large ? 72 : 48} height={large ? 72 : 48} loading="lazy" />
  ) : (
    <span className={className} aria-hidden="true">
      {initials(name)}
    </span>
  );
};
