import styles from './Avatar.module.css';

const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');

export type AvatarSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

/** A member's photo, or their initials on a colour of their own; decorative, since their name is always beside it. The one avatar of the SPA. */
export const Avatar = ({ name, photoUrl, size = 'md' }: { name: string; photoUrl: string | null; size?: AvatarSize }) => {
  const className = `${styles.avatar} ${styles[size]}`;
  if (photoUrl) return <img src={photoUrl} alt="" className={className} loading="lazy" decoding="async" />;
  const hue = [...name].reduce((sum, char) => sum + char.charCodeAt(0), 0) % 4;
  return (
    <span className={`${className} ${styles.initials} ${styles[`hue${hue}`]}`} aria-hidden="true">
      {initials(name) || '?'}
    </span>
  );
};
