import styles from './Profile.module.css';

export const Tags = ({ items, label, tone = 'plain' }: { items: readonly string[]; label: string; tone?: 'plain' | 'accent' }) =>
  items.length ? (
    <ul className={`${styles.tags} ${tone === 'accent' ? styles.accentTags : ''}`} aria-label={label}>
      {items.map((item) => (
        <li key={item} className={styles.tag}>
          {item}
        </li>
      ))}
    </ul>
  ) : null;
